import { directoryModule } from '../directory/index.js';
import { defineModule } from '../module.js';
import { movesModule } from '../moves/index.js';
import { usersModule } from '../users/index.js';
import { GroupMember, MemberGroup } from './group.entity.js';
import { mergeGroupMembers } from './groups.merge.js';
import { GroupResolver } from './groups.resolver.js';
import { GroupService } from './groups.service.js';

/**
 * Groups of members, manual or by rule: the users table filters by one (the directory's `groupCondition` port), its
 * bulk action adds to one, and other modules reach a group's members through `memberIds`.
 */
export const groupsModule = defineModule({
  name: 'groups',
  uses: [usersModule, movesModule, directoryModule],
  entities: [MemberGroup, GroupMember],
  resolvers: [GroupResolver],
  service: ({ directory, users, moves }) => new GroupService(directory, users, moves),
  ports: ({ groups }) => ({ directory: { groupCondition: (em, groupId) => groups.condition(em, groupId) } }),
  events: (on) => on('member.merged', 'inTransaction', (tx, pair) => mergeGroupMembers(tx, pair)),
});

import { attendanceModule } from '../attendance/index.js';
import { authModule } from '../auth/index.js';
import { familyModule } from '../family/index.js';
import { membershipsModule } from '../memberships/index.js';
import { defineModule } from '../module.js';
import { usersModule } from '../users/index.js';
import { waiversModule } from '../waivers/index.js';
import { directoryLoaders } from './directory.loaders.js';
import { directoryRestRoutes } from './directory.rest.js';
import { DirectoryResolver, StudentPageTotalResolver, UserMembershipResolver, UserPageTotalResolver } from './directory.resolver.js';
import { DirectoryService } from './directory.service.js';

/** The admin's directory of people: the users and students tables, fast at 100,000 members. */
export const directoryModule = defineModule({
  name: 'directory',
  uses: [usersModule, authModule, familyModule, waiversModule, attendanceModule, membershipsModule],
  resolvers: [DirectoryResolver, UserPageTotalResolver, StudentPageTotalResolver, UserMembershipResolver],
  service: ({ users, family, auth }) => new DirectoryService(users, family, auth),
  loaders: (request) => directoryLoaders(request),
  restRoutes: directoryRestRoutes,
});

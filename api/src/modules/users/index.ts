import { defineModule } from '../module.js';
import { InstructorPhotoResolver } from './instructor-photo.resolver.js';
import { UserAdminResolver } from './user-admin.resolver.js';
import { MemberMerge } from './member-merge.entity.js';
import { User } from './user.entity.js';
import { userLoaders } from './user.loaders.js';
import { UserResolver } from './user.resolver.js';
import { userRestRoutes } from './user.rest.js';
import { userHttpRoutes } from './user.routes.js';
import { UserService } from './user.service.js';
import { userTopics } from './user.topics.js';
import { userExports } from './users.exports.js';

/** People: accounts, family members without login, roles and profiles (instructors' bios and photos). Every other module builds on it. */
export const usersModule = defineModule({
  name: 'users',
  exports: userExports,
  uses: [],
  entities: [User, MemberMerge],
  resolvers: [UserResolver, UserAdminResolver, InstructorPhotoResolver],
  topics: userTopics,
  service: ({ env, pubsub, storage, events }) => new UserService(env.STUDIO_TIME_ZONE, pubsub, storage, events),
  loaders: (request) => userLoaders(request),
  restRoutes: userRestRoutes,
  httpRoutes: (services) => userHttpRoutes(services),
});

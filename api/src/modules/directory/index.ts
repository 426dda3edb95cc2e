import { attendanceModule } from '../attendance/index.js';
import { membershipsModule } from '../memberships/index.js';
import { defineModule } from '../module.js';
import { waiversModule } from '../waivers/index.js';
import { directoryLoaders } from './directory.loaders.js';
import { DirectoryResolver, StudentPageTotalResolver, UserMembershipResolver, UserPageTotalResolver } from './directory.resolver.js';
import { DirectoryService } from './directory.service.js';

/** The admin's directory of people: the users and students tables, fast at 100,000 members. */
export const directoryModule = defineModule({
  name: 'directory',
  uses: [waiversModule, attendanceModule, membershipsModule],
  resolvers: [DirectoryResolver, UserPageTotalResolver, StudentPageTotalResolver, UserMembershipResolver],
  service: () => new DirectoryService(),
  loaders: (request) => directoryLoaders(request),
});

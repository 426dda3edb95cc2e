import type { LoadersOf, ServicesOf } from './module.js';
import type { User } from './users/user.entity.js';
import { usersModule } from './users/index.js';
import { settingsModule } from './settings/index.js';
import { emailModule } from './email/index.js';
import { notificationsModule } from './notifications/index.js';
import { chatModule } from './chat/index.js';
import { waiversModule } from './waivers/index.js';
import { landingModule } from './landing/index.js';
import { authModule } from './auth/index.js';
import { feedbackModule } from './feedback/index.js';
import { familyModule } from './family/index.js';
import { classesModule } from './classes/index.js';
import { bookingsModule } from './bookings/index.js';
import { checkInModule } from './checkin/index.js';
import { attendanceModule } from './attendance/index.js';
import { healthModule } from './health/index.js';
import { calendarModule } from './calendar/index.js';
import { productsModule } from './products/index.js';
import { cartModule } from './cart/index.js';
import { paymentsModule } from './payments/index.js';
import { membershipsModule } from './memberships/index.js';
import { invoicesModule } from './invoices/index.js';
import { posModule } from './pos/index.js';
import { movesModule } from './moves/index.js';
import { videosModule } from './videos/index.js';
import { dashboardModule } from './dashboard/index.js';
import { directoryModule } from './directory/index.js';
import { groupsModule } from './groups/index.js';
import { mailingsModule } from './mailings/index.js';
import { portabilityModule } from './portability/index.js';
import { scheduledJobsModule } from './jobs/index.js';
import { apiKeysModule } from './apikeys/index.js';
import { webhooksModule } from './webhooks/index.js';

/**
 * Every module of the API, in dependency order: a module imports only modules listed before it (checked by
 * dependency-cruiser in `npm test`) and its service is built after theirs. Adding a domain: write its folder with an
 * index.ts descriptor (see module.ts) and list it here.
 */
export const modules = [
  usersModule,
  settingsModule,
  emailModule,
  notificationsModule,
  chatModule,
  waiversModule,
  landingModule,
  authModule,
  feedbackModule,
  familyModule,
  classesModule,
  bookingsModule,
  checkInModule,
  attendanceModule,
  healthModule,
  calendarModule,
  productsModule,
  cartModule,
  paymentsModule,
  membershipsModule,
  invoicesModule,
  posModule,
  movesModule,
  videosModule,
  directoryModule,
  groupsModule,
  mailingsModule,
  portabilityModule,
  scheduledJobsModule,
  webhooksModule,
  dashboardModule,
  apiKeysModule,
] as const;

type ModuleList = typeof modules;

// What a request carries, completed from the list (see graphql/context.ts): every module's service and loaders, and
// the signed-in user.
/* eslint-disable @typescript-eslint/no-empty-object-type -- declaration merging */
declare module '../graphql/context.js' {
  interface Services extends ServicesOf<ModuleList> {}
  interface Loaders extends LoadersOf<ModuleList> {}
  interface Viewer extends User {}
}
/* eslint-enable @typescript-eslint/no-empty-object-type */

export { Role } from './users/role.js';
export { TEST_MODE_STARTUP_LINE } from './payments/payment-provider.js';

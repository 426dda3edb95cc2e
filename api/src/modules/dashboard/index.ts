import { invoicesModule } from '../invoices/index.js';
import { RequestQuota } from '../auth/login-limiter.js';
import { defineModule } from '../module.js';
import { movesModule } from '../moves/index.js';
import { directoryModule } from '../directory/index.js';
import { posModule } from '../pos/index.js';
import { DashboardResolver } from './dashboard.resolver.js';
import { DASHBOARD_EVENTS, DASHBOARD_QUOTA, DashboardService } from './dashboard.service.js';
import { dashboardTopics } from './dashboard.topics.js';
import { RevenueDay, RevenueDayZone, RevenueStaleAt } from './revenue-rollup.entity.js';
import { refreshRevenueDays } from './revenue-rollup.js';

/** The admin's daily home (/admin/dashboard): figures read from the modules below, told live when they change. */
export const dashboardModule = defineModule({
  name: 'dashboard',
  // The figures read these modules' tables (and checkIn's, through bookings); listing them keeps the dashboard above.
  uses: [directoryModule, invoicesModule, posModule, movesModule],
  entities: [RevenueDay, RevenueStaleAt, RevenueDayZone],
  resolvers: [DashboardResolver],
  topics: dashboardTopics,
  service: ({ env, orm }) =>
    new DashboardService(
      env.STUDIO_TIME_ZONE,
      new RequestQuota(orm.em.fork(), 'dashboard', DASHBOARD_QUOTA.points, DASHBOARD_QUOTA.windowSeconds),
    ),
  // Revenue's days are summed once in the studio's zone (again when the zone setting changes).
  ensure: (em, { env }) => refreshRevenueDays(em, env.STUDIO_TIME_ZONE),
  events: (on, { dashboard }) => {
    // Told in the change's own transaction: PostgreSQL sends the NOTIFY when it commits (never for a rolled-back
    // change), one statement and no outbox: a missed "read again" is made up by the next change.
    for (const name of DASHBOARD_EVENTS) on(name, 'inTransaction', (tx) => dashboard.announce(tx, name));
  },
});

import { repoint } from '../../common/repoint.js';
import { invoicesModule } from '../invoices/index.js';
import { defineModule } from '../module.js';
import { movesModule } from '../moves/index.js';
import { directoryModule } from '../directory/index.js';
import { posModule } from '../pos/index.js';
import { DashboardResolver } from './dashboard.resolver.js';
import { DASHBOARD_EVENTS, DashboardService } from './dashboard.service.js';
import { dashboardTopics } from './dashboard.topics.js';
import { LevelAchievement } from './level-achievement.entity.js';

/** The admin's daily home (/admin/dashboard): figures read from the modules below, told live when they change. */
export const dashboardModule = defineModule({
  name: 'dashboard',
  // The figures read these modules' tables (and checkIn's, through bookings); listing them keeps the dashboard above.
  uses: [directoryModule, invoicesModule, posModule, movesModule],
  entities: [LevelAchievement],
  resolvers: [DashboardResolver],
  topics: dashboardTopics,
  service: ({ env, pubsub }) => new DashboardService(env.STUDIO_TIME_ZONE, pubsub),
  events: (on, { dashboard }) => {
    on('level.achieved', 'inTransaction', (tx, { studentId, apparatusId, level, by }) =>
      dashboard.recordLevel(tx, studentId, apparatusId, level, by),
    );
    // A merged member's levels are the kept account's (their dates stay: the time to each level is still theirs).
    on('member.merged', 'inTransaction', (tx, pair) => repoint(tx, 'level_achievement', ['student_id'], pair));
    for (const name of DASHBOARD_EVENTS) on(name, 'afterCommit', async () => dashboard.announce(name));
  },
});

import { attendanceModule } from '../attendance/index.js';
import { checkInModule } from '../checkin/index.js';
import { familyModule } from '../family/index.js';
import { defineModule } from '../module.js';
import { HealthDetails } from './health-details.entity.js';
import { healthExports } from './health.exports.js';
import { healthLoaders } from './health.loaders.js';
import { mergeHealth } from './health.merge.js';
import { BookingHealthResolver, HealthResolver, KioskHealthResolver } from './health.resolver.js';
import { HealthService } from './health.service.js';

/**
 * People's health and emergency details: set by the person or their family's parent, read by them and by the
 * instructors of classes the person is on the roster of (the details on the roster, a marker at the kiosk).
 */
export const healthModule = defineModule({
  name: 'health',
  uses: [familyModule, checkInModule, attendanceModule],
  entities: [HealthDetails],
  resolvers: [HealthResolver, BookingHealthResolver, KioskHealthResolver],
  service: () => new HealthService(),
  events: (on) => on('member.merged', 'inTransaction', (tx, pair) => mergeHealth(tx, pair)),
  loaders: (request) => healthLoaders(request),
  exports: healthExports,
});

import { bookingsModule } from '../bookings/index.js';
import { checkInModule } from '../checkin/index.js';
import { defineModule } from '../module.js';
import { AttendanceResolver } from './attendance.resolver.js';
import { attendanceRestRoutes } from './attendance.rest.js';
import { AttendanceService } from './attendance.service.js';

/** Staff views of classes: rosters, staff bookings, attendance marks, students and the CSV export. */
export const attendanceModule = defineModule({
  name: 'attendance',
  uses: [checkInModule, bookingsModule],
  resolvers: [AttendanceResolver],
  service: ({ checkIn, bookings }) => new AttendanceService(checkIn, bookings),
  restRoutes: attendanceRestRoutes,
});

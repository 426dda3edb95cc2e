import type { RestRoute } from '../routes.js';

export const attendanceRestRoutes: RestRoute[] = [
  {
    method: 'get',
    path: '/admin/attendance.csv',
    operation: `query RestAttendanceCsv($from: String!, $to: String!) { attendanceCsv(from: $from, to: $to) }`,
    variables: (req) => ({ from: req.query.from, to: req.query.to }),
    result: (data) => data.attendanceCsv,
    csvFilename: (req) => `attendance-${String(req.query.from)}-to-${String(req.query.to)}.csv`,
  },
];

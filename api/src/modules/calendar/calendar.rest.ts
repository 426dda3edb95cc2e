import type { RestRoute } from '../routes.js';

type CalendarFileAnswer = { filename: string; content: string };
const ICS = 'text/calendar; charset=utf-8';

export const calendarRestRoutes: RestRoute[] = [
  {
    // For calendar apps: no sign-in, the secret in the address is the key.
    method: 'get',
    path: '/calendar/:token.ics',
    operation: `query RestCalendarFeed($token: String!) { calendarFeed(token: $token) { filename content } }`,
    variables: (req) => ({ token: req.params.token }),
    result: (data) => data.calendarFeed,
    file: (answer) => {
      const ics = answer as CalendarFileAnswer;
      return { type: ICS, filename: ics.filename, content: Buffer.from(ics.content, 'utf8'), inline: true };
    },
  },
  {
    method: 'get',
    path: '/bookings/:id.ics',
    operation: `query RestBookingCalendarFile($id: ID!) { bookingCalendarFile(bookingId: $id) { filename content } }`,
    variables: (req) => ({ id: req.params.id }),
    result: (data) => data.bookingCalendarFile,
    file: (answer) => {
      const ics = answer as CalendarFileAnswer;
      return { type: ICS, filename: ics.filename, content: Buffer.from(ics.content, 'utf8') };
    },
  },
];

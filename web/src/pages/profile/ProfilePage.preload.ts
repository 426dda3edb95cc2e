import { preloadQuery, type RoutePreload } from '../../app/routePreload';
import { MyCalendarFeedDocument } from './calendarFeed.generated';
import { MyInvoicesDocument } from './invoices.generated';
import { NotificationEmailPreferencesDocument } from './notificationEmails.generated';
import { CheckInPinStateDocument } from './profile.generated';
import { MySessionsDocument } from './sessions.generated';

/** /profile: whether a kiosk PIN is set, the signed-in devices, the calendar feed address, the notification emails and the invoices (the rest is the session's profile, already cached). */
const preload: RoutePreload = ({ client }) => {
  preloadQuery(client, CheckInPinStateDocument);
  preloadQuery(client, MySessionsDocument);
  preloadQuery(client, MyCalendarFeedDocument);
  preloadQuery(client, NotificationEmailPreferencesDocument);
  preloadQuery(client, MyInvoicesDocument);
};
export default preload;

import { preloadQuery, type RoutePreload } from '../../app/routePreload';
import { preloadSchedule } from '../../components/schedule/ScheduleBrowser.preload';
import { BookingSettingsDocument, MyBookingsDocument, MyWaitlistDocument } from './classes.generated';

/** /classes: the family's bookings and waitlist places (fresh each visit), the cancellation rules, the schedule. */
const preload: RoutePreload = (args) => {
  const { client } = args;
  preloadQuery(client, MyBookingsDocument, { fetchPolicy: 'network-only' });
  preloadQuery(client, MyWaitlistDocument, { fetchPolicy: 'network-only' });
  preloadQuery(client, BookingSettingsDocument);
  preloadSchedule(args);
};
export default preload;

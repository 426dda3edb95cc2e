import { preloadQuery, type RoutePreload } from '../../app/routePreload';
import { preloadSchedule } from '../../components/schedule/ScheduleBrowser.preload';
import { MyBookingsDocument, MyWaitlistDocument } from './classes.generated';

/** /classes: the family's bookings and waitlist places (fresh each visit, with their cancellation cutoffs), the schedule. */
const preload: RoutePreload = (args) => {
  const { client } = args;
  preloadQuery(client, MyBookingsDocument, { fetchPolicy: 'network-only' });
  preloadQuery(client, MyWaitlistDocument, { fetchPolicy: 'network-only' });
  preloadSchedule(args);
};
export default preload;

import { preloadQuery, type RoutePreload } from '../../app/routePreload';
import { CheckInPinStateDocument } from './profile.generated';
import { MySessionsDocument } from './sessions.generated';

/** /profile: whether a kiosk PIN is set and the signed-in devices (the rest is the session's profile, already cached). */
const preload: RoutePreload = ({ client }) => {
  preloadQuery(client, CheckInPinStateDocument);
  preloadQuery(client, MySessionsDocument);
};
export default preload;

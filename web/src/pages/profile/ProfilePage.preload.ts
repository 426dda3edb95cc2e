import { preloadQuery, type RoutePreload } from '../../app/routePreload';
import { CheckInPinStateDocument } from './profile.generated';

/** /profile: whether a kiosk PIN is set (the rest is the session's profile, already cached). */
const preload: RoutePreload = ({ client }) => preloadQuery(client, CheckInPinStateDocument);
export default preload;

import { preloadQuery, type RoutePreload } from '../../app/routePreload';
import { WaiverDocumentDocument } from './waiver.generated';

/** /waiver and /sign-waivers: the waiver text. */
const preload: RoutePreload = ({ client }) => preloadQuery(client, WaiverDocumentDocument);
export default preload;

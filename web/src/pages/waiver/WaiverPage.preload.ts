import { preloadQuery, type RoutePreload } from '../../app/routePreload';
import { MyWaiverSignaturesDocument, WaiverDocumentDocument } from './waiver.generated';

/** /waiver and /sign-waivers: the waiver text and what the member's family has signed (asked once per visit). */
const preload: RoutePreload = ({ client }) => {
  preloadQuery(client, WaiverDocumentDocument);
  preloadQuery(client, MyWaiverSignaturesDocument, { fetchPolicy: 'network-only' });
};
export default preload;

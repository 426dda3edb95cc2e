import { preloadQuery, type RoutePreload } from '../../app/routePreload';
import { LandingPageDocument } from './landing.generated';

/** /: the studio's landing page configuration. */
const preload: RoutePreload = ({ client }) => preloadQuery(client, LandingPageDocument);
export default preload;

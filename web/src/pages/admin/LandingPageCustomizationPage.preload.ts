import { preloadQuery, type RoutePreload } from '../../app/routePreload';
import { LandingPageEditorDocument } from './landingCustomization.generated';

/** /admin/landing-page-customization: the configuration being edited. */
const preload: RoutePreload = ({ client }) => preloadQuery(client, LandingPageEditorDocument);
export default preload;

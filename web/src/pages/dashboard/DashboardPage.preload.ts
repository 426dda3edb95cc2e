import { preloadQuery, type RoutePreload } from '../../app/routePreload';
import { DashboardClassesDocument, MyCheckInDocument } from './dashboard.generated';

/** /dashboard: the family's upcoming classes (fresh each visit) and the check-in code. */
const preload: RoutePreload = ({ client }) => {
  preloadQuery(client, DashboardClassesDocument, { fetchPolicy: 'network-only' });
  preloadQuery(client, MyCheckInDocument);
};
export default preload;

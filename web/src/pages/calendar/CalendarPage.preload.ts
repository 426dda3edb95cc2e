import type { RoutePreload } from '../../app/routePreload';
import { preloadSchedule } from '../../components/schedule/ScheduleBrowser.preload';

/** /calendar: the week or month in the address, and the class opened in it. */
const preload: RoutePreload = (args) => preloadSchedule(args);
export default preload;

import { preloadQuery, type RoutePreload } from '../../../app/routePreload';
import { JobRunsDocument, ScheduledJobsDocument } from './scheduledJobs.generated';

/** How many runs the drawer shows a page. */
export const RUNS_PAGE_SIZE = 10;

/** /admin/scheduled-jobs: the queues, and the runs of the queue opened from the address (a failure notice links there). */
const preload: RoutePreload = ({ client, search }) => {
  preloadQuery(client, ScheduledJobsDocument, { fetchPolicy: 'network-only' });
  const queue = search.get('queue');
  if (queue)
    preloadQuery(client, JobRunsDocument, { variables: { queue, page: 1, pageSize: RUNS_PAGE_SIZE }, fetchPolicy: 'network-only' });
};
export default preload;

import { takeRouteData } from '../../app/firstLoad';
import { preloadQuery, type PreloadArgs } from '../../app/routePreload';
import { ClassDetailsDocument, ClassScheduleDocument } from './schedule.generated';
import { readScheduleState, scheduleVariables } from './scheduleState';

/**
 * The schedule the address shows (fresh each visit: seat counts move) and the class opened in it (`?class=`). On the
 * first load of /calendar the page may carry the week already (answered when the page was served: as fresh).
 */
export function preloadSchedule({ client, search }: PreloadArgs): void {
  const variables = scheduleVariables(readScheduleState(search));
  if (!takeRouteData(client, ClassScheduleDocument, variables))
    preloadQuery(client, ClassScheduleDocument, { variables, fetchPolicy: 'network-only' });
  const classId = search.get('class');
  if (classId) preloadQuery(client, ClassDetailsDocument, { variables: { id: classId } });
}

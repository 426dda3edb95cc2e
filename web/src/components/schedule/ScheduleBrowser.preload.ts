import { preloadQuery, type PreloadArgs } from '../../app/routePreload';
import { ClassDetailsDocument, ClassScheduleDocument } from './schedule.generated';
import { readScheduleState, scheduleVariables } from './scheduleState';

/** The schedule the address shows (fresh each visit: seat counts move) and the class opened in it (`?class=`). */
export function preloadSchedule({ client, search }: PreloadArgs): void {
  preloadQuery(client, ClassScheduleDocument, { variables: scheduleVariables(readScheduleState(search)), fetchPolicy: 'network-only' });
  const classId = search.get('class');
  if (classId) preloadQuery(client, ClassDetailsDocument, { variables: { id: classId } });
}

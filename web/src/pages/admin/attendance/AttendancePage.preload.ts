import { preloadQuery, type RoutePreload } from '../../../app/routePreload';
import { initialTableVariables, type TableInit } from '../../../components/dataTableState';
import { addDays, todayIso } from '../../../app/dates';
import type { InstanceSortField } from '../../../graphql/types';
import { AttendanceClassDocument, AttendanceClassesDocument } from './attendance.generated';

export type AttendanceFilters = { from: string; to: string; search: string };

/** Grid column → the API's sort field. */
const SORT_FIELDS: Record<string, InstanceSortField> = { date: 'startsAt', name: 'name', instructor: 'instructor', booked: 'spotsTaken' };
const DEFAULT_SORT = { field: 'startsAt', direction: 'DESC' } as const;

/** The classes table as it opens: the last two weeks, newest first. */
export function attendanceTable(today = todayIso()): TableInit<AttendanceFilters, InstanceSortField> {
  return {
    filters: { from: addDays(today, -13), to: today, search: '' },
    sortFields: SORT_FIELDS,
    defaultSort: DEFAULT_SORT,
    pageSize: 10,
  };
}

/** /admin/attendance: by class (the default), the table's first page and the class opened from the address. */
const preload: RoutePreload = ({ client, search }) => {
  if (search.get('tab') === 'student') return;
  preloadQuery(client, AttendanceClassesDocument, { variables: initialTableVariables(attendanceTable()) });
  const classId = search.get('class');
  if (classId) preloadQuery(client, AttendanceClassDocument, { variables: { id: classId } });
};
export default preload;

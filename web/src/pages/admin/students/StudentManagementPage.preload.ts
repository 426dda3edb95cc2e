import { preloadQuery, type RoutePreload } from '../../../app/routePreload';
import { initialTableVariables, withFiltersFrom, type TableInit } from '../../../components/dataTableState';
import type { PeopleSegment, StudentSortField } from '../../../graphql/types';
import { AdminStudentsDocument } from './students.generated';

/** The students table as it opens: by name, no search. Grid column → the API's sort field (family and waiver do not sort). */
export const STUDENTS_TABLE: TableInit<
  { search: string; notVisitedForDays: number | null; segment: PeopleSegment | null },
  StudentSortField
> = {
  filters: { search: '', notVisitedForDays: null, segment: null },
  sortFields: {
    name: 'name',
    age: 'age',
    bookings: 'bookings',
    attended: 'attended',
    noShows: 'noShows',
    lastAttendedAt: 'lastAttendedAt',
  },
  defaultSort: { field: 'name', direction: 'ASC' },
};

/** /admin/students: the table's first page. */
const preload: RoutePreload = ({ client, search }) =>
  preloadQuery(client, AdminStudentsDocument, { variables: initialTableVariables(withFiltersFrom(STUDENTS_TABLE, search)) });
export default preload;

import { preloadQuery, type RoutePreload } from '../../../app/routePreload';
import { initialTableVariables, type TableInit } from '../../../components/dataTableState';
import { todayIso } from '../../../app/dates';
import type { BlueprintSortField, ClassStatus, InstanceSortField, SeriesSortField, SeriesStatus } from '../../../graphql/types';
import {
  AdminClassInstancesDocument,
  AdminClassSeriesDocument,
  BookingRulesDocument,
  ClassAdminChoicesDocument,
  ClassTypesDocument,
  StudioClosuresDocument,
} from './classAdmin.generated';
import { AdminInstructorsDocument } from './instructors.generated';

export const CLASS_ADMIN_TABS = [
  { key: 'classes', label: 'Classes' },
  { key: 'types', label: 'Class types' },
  { key: 'series', label: 'Weekly series' },
  { key: 'closures', label: 'Closures' },
  { key: 'apparatus', label: 'Apparatus & rig points' },
  { key: 'instructors', label: 'Instructors' },
  { key: 'rules', label: 'Booking rules' },
] as const;

export type TabKey = (typeof CLASS_ADMIN_TABS)[number]['key'];

/** The tab in the address (`?tab=`), the classes table by default. */
export function classAdminTab(search: URLSearchParams): TabKey {
  const requested = search.get('tab');
  return CLASS_ADMIN_TABS.find((t) => t.key === requested)?.key ?? 'classes';
}

export type ClassFilters = {
  from: string;
  to: string;
  apparatusId: string;
  instructorId: string;
  status: '' | ClassStatus;
  search: string;
  seriesId: string;
};

/** Grid column → the API's sort field. */
const CLASS_SORT_FIELDS: Record<string, InstanceSortField> = {
  date: 'startsAt',
  name: 'name',
  instructor: 'instructor',
  booked: 'spotsTaken',
  capacity: 'capacity',
};

/** The classes table as it opens: from today, soonest first; a series' classes from its first date (`?series=`). */
export function classesTable(seriesId: string, today = todayIso()): TableInit<ClassFilters, InstanceSortField> {
  return {
    filters: { from: seriesId ? '' : today, to: '', apparatusId: '', instructorId: '', status: '', search: '', seriesId },
    sortFields: CLASS_SORT_FIELDS,
    defaultSort: CLASS_DEFAULT_SORT,
  };
}
const CLASS_DEFAULT_SORT = { field: 'startsAt', direction: 'ASC' } as const;

export type ClassTypeFilters = { search: string; apparatusId: string; isActive: boolean | null };

/** The class types table as it opens (unsorted: by apparatus, then level and name). */
export const CLASS_TYPES_TABLE: TableInit<ClassTypeFilters, BlueprintSortField> = {
  filters: { search: '', apparatusId: '', isActive: null },
  sortFields: {
    name: 'name',
    apparatus: 'apparatus',
    level: 'level',
    durationMinutes: 'durationMinutes',
    defaultCapacity: 'defaultCapacity',
    price: 'dropInPriceCents',
  },
};

export type SeriesFilters = { status: '' | SeriesStatus; apparatusId: string; instructorId: string; search: string };

/** The weekly series table as it opens: active series, latest start first. */
export const SERIES_TABLE: TableInit<SeriesFilters, SeriesSortField> = {
  filters: { status: 'active', apparatusId: '', instructorId: '', search: '' },
  sortFields: { name: 'name', schedule: 'startTime', dates: 'startDate', instructor: 'instructor' },
  defaultSort: { field: 'startDate', direction: 'DESC' },
};

/** /admin/classes: the open tab's first query, and the apparatus and staff choices its filters and forms use. */
const preload: RoutePreload = ({ client, search }) => {
  const tab = classAdminTab(search);
  if (tab === 'closures') return preloadQuery(client, StudioClosuresDocument);
  if (tab === 'rules') return preloadQuery(client, BookingRulesDocument);
  if (tab === 'instructors') return preloadQuery(client, AdminInstructorsDocument);
  preloadQuery(client, ClassAdminChoicesDocument);
  if (tab === 'classes') {
    preloadQuery(client, AdminClassInstancesDocument, { variables: initialTableVariables(classesTable(search.get('series') ?? '')) });
  } else if (tab === 'types') {
    preloadQuery(client, ClassTypesDocument, { variables: initialTableVariables(CLASS_TYPES_TABLE) });
  } else if (tab === 'series' && !search.has('new')) {
    preloadQuery(client, AdminClassSeriesDocument, { variables: initialTableVariables(SERIES_TABLE) });
  }
};
export default preload;

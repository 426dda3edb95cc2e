import { preloadQuery, type RoutePreload } from '../../../app/routePreload';
import { initialTableVariables, withFiltersFrom, type TableInit } from '../../../components/dataTableState';
import type { MembershipFilter, PeopleSegment, Role, UserSortField, WaiverFilter } from '../../../graphql/types';
import { AdminUsersDocument } from './users.generated';

export interface UserFilters extends Record<string, string | number | boolean | null> {
  search: string;
  role: Role | null;
  isActive: boolean | null;
  waiver: WaiverFilter | null;
  membership: MembershipFilter | null;
  visitedWithinDays: number | null;
  notVisitedForDays: number | null;
  segment: PeopleSegment | null;
  /** A group's members only (`?group=<id>`, how /admin/groups opens a group). */
  group: string | null;
}

/** The users table as it opens: every account by last name. Grid column → the API's sort field. */
export const USERS_TABLE: TableInit<UserFilters, UserSortField> = {
  filters: {
    search: '',
    role: null,
    isActive: null,
    waiver: null,
    membership: null,
    visitedWithinDays: null,
    notVisitedForDays: null,
    segment: null,
    group: null,
  },
  sortFields: {
    name: 'lastName',
    email: 'email',
    role: 'role',
    lastVisitAt: 'lastVisitAt',
    createdAt: 'createdAt',
  },
  defaultSort: { field: 'lastName', direction: 'ASC' },
};

/** /admin/users: the table's first page. */
const preload: RoutePreload = ({ client, search }) =>
  preloadQuery(client, AdminUsersDocument, { variables: initialTableVariables(withFiltersFrom(USERS_TABLE, search)) });
export default preload;

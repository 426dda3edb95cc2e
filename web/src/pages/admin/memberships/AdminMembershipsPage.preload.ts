import { preloadQuery, type RoutePreload } from '../../../app/routePreload';
import { initialTableVariables, withFiltersFrom, type TableInit } from '../../../components/dataTableState';
import type { MembershipSortField, MembershipStatus } from '../../../graphql/types';
import { AdminMembershipPlansDocument, AdminMembershipsDocument } from './adminMemberships.generated';

export interface MembershipFilters extends Record<string, string | null> {
  search: string;
  status: MembershipStatus | null;
  planId: string | null;
}

/** The memberships table as it opens: every membership, the next renewal first. Grid column → the API's sort field. */
export const MEMBERSHIPS_TABLE: TableInit<MembershipFilters, MembershipSortField> = {
  filters: { search: '', status: null, planId: null },
  sortFields: {
    member: 'member',
    plan: 'plan',
    status: 'status',
    currentPeriodEnd: 'currentPeriodEnd',
    failedPayments: 'failedPayments',
    createdAt: 'createdAt',
  },
  defaultSort: { field: 'currentPeriodEnd', direction: 'ASC' },
};

export type MembershipTab = 'members' | 'plans' | 'packs';
export const MEMBERSHIP_TABS: { key: MembershipTab; label: string }[] = [
  { key: 'members', label: 'Memberships' },
  { key: 'plans', label: 'Plans' },
  { key: 'packs', label: 'Class packs' },
];
export const membershipTab = (params: URLSearchParams): MembershipTab => {
  const tab = params.get('tab');
  return tab === 'plans' || tab === 'packs' ? tab : 'members';
};

/** /admin/memberships: the table's first page and the plans (its plan filter and the Plans tab). */
const preload: RoutePreload = ({ client, search }) => {
  if (membershipTab(search) === 'members')
    preloadQuery(client, AdminMembershipsDocument, { variables: initialTableVariables(withFiltersFrom(MEMBERSHIPS_TABLE, search)) });
  preloadQuery(client, AdminMembershipPlansDocument);
};
export default preload;

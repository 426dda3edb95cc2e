import { preloadQuery, type RoutePreload } from '../../../app/routePreload';
import { initialTableVariables, withFiltersFrom, type QueryVariables, type TableInit } from '../../../components/dataTableState';
import type { WaiverStanding, WaiverStatusSortField } from '../../../graphql/types';
import { AdminWaiverStatusesDocument, AdminWaiverVersionsDocument, type AdminWaiverStatusesQueryVariables } from './adminWaivers.generated';

/** The standing filter: one standing, or everyone still to sign the current version. */
export type StandingFilter = WaiverStanding | 'MISSING';

export interface WaiverStatusFilters extends Record<string, string | null> {
  search: string;
  standing: StandingFilter | null;
}

/** Who the table lists as it opens: everyone, by name. Grid column → the API's sort field. */
export const WAIVER_TABLE: TableInit<WaiverStatusFilters, WaiverStatusSortField> = {
  filters: { search: '', standing: null },
  sortFields: { person: 'name', signedAt: 'signedAt' },
  defaultSort: { field: 'name', direction: 'ASC' },
};

/** The API's standings for a standing filter (none: everyone). */
export function standingsOf(filter: StandingFilter | null | undefined): WaiverStanding[] | undefined {
  if (!filter) return undefined;
  return filter === 'MISSING' ? ['OUTDATED', 'NEVER'] : [filter];
}

/** The table's state as the query's variables: the one standing filter becomes the API's list of standings. */
export function statusVariables({
  standing,
  ...rest
}: QueryVariables<WaiverStatusFilters, WaiverStatusSortField>): AdminWaiverStatusesQueryVariables {
  return { ...rest, standings: standingsOf(standing) };
}

export type WaiverTab = 'signatures' | 'versions';
export const WAIVER_TABS: { key: WaiverTab; label: string }[] = [
  { key: 'signatures', label: 'Signatures' },
  { key: 'versions', label: 'Versions' },
];
export const waiverTab = (params: URLSearchParams): WaiverTab => (params.get('tab') === 'versions' ? 'versions' : 'signatures');

/** /admin/waivers: the versions (the header names the current one) and, on the Signatures tab, the table's first page. */
const preload: RoutePreload = ({ client, search }) => {
  preloadQuery(client, AdminWaiverVersionsDocument);
  if (waiverTab(search) === 'signatures')
    preloadQuery(client, AdminWaiverStatusesDocument, {
      variables: statusVariables(initialTableVariables(withFiltersFrom(WAIVER_TABLE, search))),
    });
};
export default preload;

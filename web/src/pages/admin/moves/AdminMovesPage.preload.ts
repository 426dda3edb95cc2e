import { preloadQuery, type RoutePreload } from '../../../app/routePreload';
import { initialTableVariables, type TableInit } from '../../../components/dataTableState';
import type { MoveSortField } from '../../../graphql/types';
import { AdminMovesDocument, MoveAdminCatalogueDocument } from './adminMoves.generated';

export const MOVE_ADMIN_TABS = [
  { key: 'moves', label: 'Moves' },
  { key: 'levels', label: 'Levels' },
  { key: 'import', label: 'CSV import' },
] as const;
export type MoveTabKey = (typeof MOVE_ADMIN_TABS)[number]['key'];

/** The tab in the address (`?tab=`), the moves table by default. */
export function moveAdminTab(search: URLSearchParams): MoveTabKey {
  const requested = search.get('tab');
  return MOVE_ADMIN_TABS.find((t) => t.key === requested)?.key ?? 'moves';
}

export interface MoveFilters extends Record<string, string | number | boolean | null> {
  search: string;
  apparatusId: string | null;
  level: number | null;
  /** true: archived moves too; null: only those in the catalogue. */
  includeArchived: true | null;
}

/** The moves table as it opens: the catalogue by apparatus, then level and name. Grid column → the API's sort field. */
export const MOVES_TABLE: TableInit<MoveFilters, MoveSortField> = {
  filters: { search: '', apparatusId: null, level: null, includeArchived: null },
  sortFields: { name: 'name', apparatus: 'apparatus', level: 'level', createdAt: 'createdAt' },
  defaultSort: { field: 'apparatus', direction: 'ASC' },
};

/** /admin/moves: the table's first page and the catalogue its filters and forms choose from. */
const preload: RoutePreload = ({ client, search }) => {
  preloadQuery(client, MoveAdminCatalogueDocument);
  if (moveAdminTab(search) === 'moves') preloadQuery(client, AdminMovesDocument, { variables: initialTableVariables(MOVES_TABLE) });
};
export default preload;

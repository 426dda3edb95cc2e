import { preloadQuery, type RoutePreload } from '../../../app/routePreload';
import { initialTableVariables, type TableInit } from '../../../components/dataTableState';
import type { ProductCategory, ProductSortField } from '../../../graphql/types';
import { AdminProductsDocument } from './adminMerch.generated';

export interface MerchFilters extends Record<string, string | boolean | null> {
  search: string;
  category: Extract<ProductCategory, 'merchandise' | 'snacks'> | null;
  active: boolean | null;
  lowStock: boolean | null;
}

/** The products table as it opens: products on sale, by name. Grid column → the API's sort field. */
export const MERCH_TABLE: TableInit<MerchFilters, ProductSortField> = {
  filters: { search: '', category: null, active: true, lowStock: null },
  sortFields: { name: 'name', category: 'category', priceCents: 'priceCents', stockLeft: 'stockLeft', createdAt: 'createdAt' },
  defaultSort: { field: 'name', direction: 'ASC' },
};

/** /admin/merch: the table's first page. */
const preload: RoutePreload = ({ client }) =>
  preloadQuery(client, AdminProductsDocument, { variables: initialTableVariables(MERCH_TABLE) });
export default preload;

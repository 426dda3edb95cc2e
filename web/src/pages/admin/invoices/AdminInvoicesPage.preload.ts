import { preloadQuery, type RoutePreload } from '../../../app/routePreload';
import { initialTableVariables, withFiltersFrom, type TableInit } from '../../../components/dataTableState';
import type { InvoiceSortField, InvoiceStatus } from '../../../graphql/types';
import { AdminInvoicesDocument } from './adminInvoices.generated';

export interface InvoiceFilters extends Record<string, string | boolean | null> {
  member: string;
  status: InvoiceStatus | null;
  overdue: boolean | null;
  from: string;
  to: string;
}

/** The invoices table as it opens: every invoice, newest number first. Grid column → the API's sort field. */
export const INVOICE_TABLE: TableInit<InvoiceFilters, InvoiceSortField> = {
  filters: { member: '', status: null, overdue: null, from: '', to: '' },
  sortFields: {
    number: 'number',
    member: 'member',
    status: 'status',
    dueDate: 'dueDate',
    totalCents: 'totalCents',
    createdAt: 'createdAt',
  },
  defaultSort: { field: 'number', direction: 'DESC' },
};

/** /admin/invoices: the table's first page. */
const preload: RoutePreload = ({ client, search }) =>
  preloadQuery(client, AdminInvoicesDocument, { variables: initialTableVariables(withFiltersFrom(INVOICE_TABLE, search)) });
export default preload;

import { formatMoney, fullName } from '@studio/rules';
import AddRounded from '@mui/icons-material/AddRounded';
import DownloadRounded from '@mui/icons-material/DownloadRounded';
import MoreVertRounded from '@mui/icons-material/MoreVertRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo, useState, type MouseEvent } from 'react';
import { formatDateWithYear, formatTimestampDay } from '../../../app/dates';
import { downloadWithToken } from '../../../app/download';
import { errorMessage } from '../../../app/errors';
import { useToast } from '../../../app/toast';
import { actionsColumn, DataTable, TableFilterSelect, TableSearchField } from '../../../components/DataTable';
import { PageFrame } from '../../../components/PageFrame';
import { cleanFilters } from '../../../components/dataTableState';
import { useAdminTable } from '../../../components/useAdminTable';
import { AdminInvoicesDocument, type AdminInvoiceRowFragment } from './adminInvoices.generated';
import { INVOICE_TABLE, type InvoiceFilters } from './AdminInvoicesPage.preload';
import { MarkPaidDialog, ReasonDialog } from './InvoiceActionDialogs';
import { EditInvoiceDialog, InvoiceDialog } from './InvoiceDialog';
import { METHOD_LABELS, STATUS_LABELS } from './invoiceRules';
import { useSendInvoice } from './useSendInvoice';

type Row = AdminInvoiceRowFragment;
const CHIP_COLOR = { draft: 'default', open: 'info', paid: 'success', void: 'default', uncollectible: 'warning' } as const;

export function InvoiceStatusChip({ invoice }: { invoice: Pick<Row, 'status' | 'overdue'> }) {
  return (
    <Box sx={{ display: 'flex', gap: 0.5 }}>
      <Chip size="small" variant="outlined" color={CHIP_COLOR[invoice.status]} label={STATUS_LABELS[invoice.status]} />
      {invoice.overdue && <Chip size="small" color="error" label="Overdue" />}
    </Box>
  );
}

function Totals({ totals }: { totals?: { totalCents: number; paidCents: number; outstandingCents: number; overdueCents: number } }) {
  const items: [string, number | undefined, string?][] = [
    ['Billed', totals?.totalCents],
    ['Paid', totals?.paidCents, 'success.main'],
    ['Outstanding', totals?.outstandingCents, 'info.main'],
    ['Overdue', totals?.overdueCents, 'error.main'],
  ];
  return (
    <Box
      role="group"
      aria-label="Totals of the invoices that match"
      sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' }, gap: 1.5, mb: 2 }}
    >
      {items.map(([label, cents, color]) => (
        <Card key={label} variant="outlined" sx={{ px: 2, py: 1.25 }}>
          <Typography variant="caption" color="text.secondary">
            {label}
          </Typography>
          <Typography
            data-testid={`invoice-total-${label.toLowerCase()}`}
            sx={{ fontWeight: 'fontWeightBold', fontSize: '1.25rem', fontVariantNumeric: 'tabular-nums', color }}
          >
            {cents === undefined ? '—' : formatMoney(cents)}
          </Typography>
        </Card>
      ))}
    </Box>
  );
}

type Dialogs =
  | { kind: 'new' }
  | { kind: 'edit'; invoice: Row }
  | { kind: 'paid'; invoice: Row }
  | { kind: 'void' | 'uncollectible'; invoice: Row }
  | null;

/**
 * /admin/invoices: every invoice in a server-paged table (status, overdue, member, issue dates) with the totals of
 * all that match and a CSV of them; new invoices (draft or sent at once), send, void, write off, mark paid.
 */
export default function AdminInvoicesPage() {
  const { toast } = useToast();
  const { table, filters: f, page, onSearch, grid } = useAdminTable(AdminInvoicesDocument, INVOICE_TABLE, (d) => d.adminInvoices, 'member');
  const { setFilter } = table;
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; invoice: Row } | null>(null);
  const [send] = useSendInvoice();

  const sendNow = useCallback(
    async (invoice: Row) => {
      try {
        await send({ variables: { id: invoice.id } });
        toast({ title: 'Invoice sent', description: `${invoice.number} was emailed to ${invoice.member.firstName}.`, variant: 'success' });
      } catch (err) {
        toast({ title: 'That did not work', description: errorMessage(err), variant: 'error' });
      }
    },
    [send, toast],
  );
  const download = useCallback(
    (url: string, name: string) =>
      void downloadWithToken(url, name).catch(() =>
        toast({ title: 'Error', description: 'The file could not be downloaded.', variant: 'error' }),
      ),
    [toast],
  );
  const openMenu = useCallback((e: MouseEvent<HTMLElement>, invoice: Row) => {
    e.stopPropagation();
    setMenu({ anchor: e.currentTarget, invoice });
  }, []);

  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      { field: 'number', headerName: 'Number', width: 120 },
      {
        field: 'member',
        headerName: 'Member',
        flex: 1,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ minWidth: 0, lineHeight: 1.3 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: 'fontWeightSemiBold' }}>
              {fullName(row.member)}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="p">
              {row.memo || row.member.email || ''}
            </Typography>
          </Box>
        ),
      },
      { field: 'status', headerName: 'Status', width: 190, renderCell: ({ row }) => <InvoiceStatusChip invoice={row} /> },
      { field: 'createdAt', headerName: 'Issued', width: 120, valueFormatter: (v: string) => formatTimestampDay(v) },
      { field: 'dueDate', headerName: 'Due', width: 120, valueFormatter: (v: string) => formatDateWithYear(v) },
      {
        field: 'totalCents',
        headerName: 'Total',
        width: 110,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: number) => formatMoney(v),
      },
      {
        field: 'paymentMethod',
        headerName: 'Paid by',
        width: 130,
        sortable: false,
        valueFormatter: (v: Row['paymentMethod']) => (v ? METHOD_LABELS[v] : ''),
      },
      actionsColumn(56, (row) => (
        <IconButton size="small" aria-label={`Actions for ${row.number}`} onClick={(e) => openMenu(e, row)}>
          <MoreVertRounded fontSize="small" />
        </IconButton>
      )),
    ],
    [openMenu],
  );

  const dateFilter = (key: 'from' | 'to', label: string) => (
    <TextField
      size="small"
      type="date"
      label={label}
      value={f[key]}
      onChange={(e) => setFilter(key, e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ width: { xs: 'calc(50% - 6px)', sm: 160 } }}
    />
  );
  const csvUrl = () => {
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(cleanFilters(f))) query.set(k, String(v));
    return `/api/admin/invoices.csv${query.size ? `?${query}` : ''}`;
  };
  const m = menu?.invoice;

  return (
    <PageFrame title="Invoices" subtitle="Bills for members: send them, take payments at the desk, and follow up what is overdue.">
      <Totals totals={page?.totals} />
      <DataTable
        label="Invoices"
        noun={['invoice', 'invoices']}
        {...grid}
        columns={columns}
        rowHeight={60}
        emptyText="No invoices match these filters."
        search={
          <TableSearchField label="Search members" value={f.member} onChange={onSearch} placeholder="Member name or email" width={240} />
        }
        activeFilters={[f.status, f.overdue, f.from || null, f.to || null].filter((v) => v !== null).length}
        filters={
          <>
            <TableFilterSelect
              label="Status"
              value={f.status ?? ''}
              onChange={(v) => setFilter('status', (v || null) as InvoiceFilters['status'])}
              options={Object.entries(STATUS_LABELS)}
            />
            <TableFilterSelect
              label="Overdue"
              value={f.overdue === null ? '' : String(f.overdue)}
              onChange={(v) => setFilter('overdue', v === '' ? null : v === 'true')}
              options={[
                ['true', 'Overdue'],
                ['false', 'Not overdue'],
              ]}
              width={140}
            />
            {dateFilter('from', 'Issued from')}
            {dateFilter('to', 'Issued to')}
          </>
        }
        actions={
          <>
            <Button variant="outlined" startIcon={<DownloadRounded />} onClick={() => download(csvUrl(), 'invoices.csv')}>
              CSV
            </Button>
            <Button variant="contained" startIcon={<AddRounded />} onClick={() => setDialog({ kind: 'new' })}>
              New invoice
            </Button>
          </>
        }
        renderCard={(row) => (
          <Box sx={{ display: 'grid', gap: 0.75 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
              <Typography sx={{ fontWeight: 'fontWeightBold', minWidth: 0, overflowWrap: 'anywhere' }}>{fullName(row.member)}</Typography>
              <Typography sx={{ fontWeight: 'fontWeightBold', fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(row.totalCents)}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {row.number} · due {formatDateWithYear(row.dueDate)}
              {row.paymentMethod ? ` · ${METHOD_LABELS[row.paymentMethod]}` : ''}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
              <InvoiceStatusChip invoice={row} />
              <IconButton size="small" aria-label={`Actions for ${row.number}`} onClick={(e) => openMenu(e, row)}>
                <MoreVertRounded fontSize="small" />
              </IconButton>
            </Box>
          </Box>
        )}
      />
      <Menu anchorEl={menu?.anchor} open={Boolean(menu)} onClose={() => setMenu(null)}>
        {m?.status === 'draft' && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              setDialog({ kind: 'edit', invoice: m });
            }}
          >
            Edit draft…
          </MenuItem>
        )}
        {m?.status === 'draft' && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              void sendNow(m);
            }}
          >
            Send
          </MenuItem>
        )}
        {(m?.status === 'open' || m?.status === 'uncollectible') && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              setDialog({ kind: 'paid', invoice: m });
            }}
          >
            Mark paid…
          </MenuItem>
        )}
        {m?.status === 'open' && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              setDialog({ kind: 'uncollectible', invoice: m });
            }}
          >
            Mark uncollectible…
          </MenuItem>
        )}
        {m && m.status !== 'paid' && m.status !== 'void' && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              setDialog({ kind: 'void', invoice: m });
            }}
          >
            Void…
          </MenuItem>
        )}
        {m && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              download(`/api/invoices/${m.id}.pdf`, `invoice-${m.number}.pdf`);
            }}
          >
            Download PDF
          </MenuItem>
        )}
        {m?.status === 'paid' && (
          <MenuItem
            onClick={() => {
              setMenu(null);
              download(`/api/invoices/${m.id}/receipt.pdf`, `receipt-${m.number}.pdf`);
            }}
          >
            Download receipt
          </MenuItem>
        )}
      </Menu>
      {dialog?.kind === 'new' && <InvoiceDialog onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && <EditInvoiceDialog invoiceId={dialog.invoice.id} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'paid' && <MarkPaidDialog invoice={dialog.invoice} onClose={() => setDialog(null)} />}
      {(dialog?.kind === 'void' || dialog?.kind === 'uncollectible') && (
        <ReasonDialog invoice={dialog.invoice} action={dialog.kind} onClose={() => setDialog(null)} />
      )}
    </PageFrame>
  );
}

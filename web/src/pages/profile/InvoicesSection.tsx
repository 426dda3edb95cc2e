import { formatMoney } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDateWithYear } from '../../app/dates';
import { downloadWithToken } from '../../app/download';
import { errorMessage } from '../../app/errors';
import { EmptyState } from '../../components/EmptyState';
import { MyInvoicesDocument, type MemberInvoiceFragment } from './invoices.generated';
import { usePayInvoice } from './usePayInvoice';

const STATUS: Record<MemberInvoiceFragment['status'], { label: string; color: 'default' | 'success' | 'warning' | 'error' }> = {
  draft: { label: 'Draft', color: 'default' },
  open: { label: 'Open', color: 'warning' },
  paid: { label: 'Paid', color: 'success' },
  void: { label: 'Void', color: 'default' },
  uncollectible: { label: 'Unpaid', color: 'error' },
};

function InvoiceRow({ invoice, viewerId }: { invoice: MemberInvoiceFragment; viewerId: string }) {
  const [pay, { loading }] = usePayInvoice();
  const [problem, setProblem] = useState<string | null>(null);
  const payable = invoice.status === 'open' || invoice.status === 'uncollectible';
  const status = invoice.overdue ? { label: 'Overdue', color: 'error' as const } : STATUS[invoice.status];
  const download = (kind: 'invoice' | 'receipt') =>
    downloadWithToken(
      kind === 'receipt' ? `/api/invoices/${invoice.id}/receipt.pdf` : `/api/invoices/${invoice.id}.pdf`,
      `${kind}-${invoice.number}.pdf`,
    ).catch(() => setProblem('The PDF could not be downloaded. Please try again.'));
  const startPayment = async () => {
    setProblem(null);
    try {
      const { data } = await pay({ variables: { id: invoice.id } });
      if (data) window.location.assign(data.payInvoice.url);
    } catch (e) {
      setProblem(errorMessage(e, 'The payment could not be started. Please try again.'));
    }
  };
  return (
    <Box component="li" data-testid="my-invoice" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
          <Typography sx={{ fontWeight: 'fontWeightBold' }}>
            {invoice.number} · {formatMoney(invoice.totalCents)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {invoice.member.id === viewerId ? '' : `For ${invoice.member.firstName} · `}
            {invoice.status === 'paid' ? 'Paid' : `Due ${formatDateWithYear(invoice.dueDate)}`}
            {invoice.lines.length === 1 ? ` · ${invoice.lines[0].description}` : ` · ${invoice.lines.length} items`}
          </Typography>
        </Box>
        <Chip size="small" label={status.label} color={status.color} variant="outlined" />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button size="small" onClick={() => void download('invoice')}>
            PDF
          </Button>
          {invoice.status === 'paid' && (
            <Button size="small" onClick={() => void download('receipt')}>
              Receipt
            </Button>
          )}
          {payable && (
            <Button
              size="small"
              variant="contained"
              disabled={loading}
              onClick={() => void startPayment()}
              aria-label={`Pay ${invoice.number}`}
            >
              {loading ? 'Opening…' : 'Pay'}
            </Button>
          )}
        </Box>
      </Box>
      {problem && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
    </Box>
  );
}

/** /profile: the member's invoices and their children's, newest first; open ones are paid online through checkout. */
export function InvoicesSection({ viewerId }: { viewerId: string }) {
  const { data, loading, error } = useQuery(MyInvoicesDocument);
  if (error && !data) return <Alert severity="error">{errorMessage(error, 'Your invoices could not be loaded.')}</Alert>;
  if (loading && !data) return <Skeleton height={56} />;
  const invoices = data?.myInvoices ?? [];
  if (invoices.length === 0)
    return (
      <EmptyState dense icon={<DescriptionOutlined />} title="No invoices">
        Invoices the studio sends you (lessons, rentals, fees) show here, to pay online or download.
      </EmptyState>
    );
  return (
    <Box component="ul" aria-label="Your invoices" sx={{ listStyle: 'none', m: 0, p: 0, '& > li:first-of-type': { borderTop: 0, pt: 0 } }}>
      {invoices.map((invoice) => (
        <InvoiceRow key={invoice.id} invoice={invoice} viewerId={viewerId} />
      ))}
    </Box>
  );
}

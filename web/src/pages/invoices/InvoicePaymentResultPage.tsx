import { formatMoney } from '@studio/rules';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../app/errors';
import { EmptyState } from '../../components/EmptyState';
import { SuccessHeading } from '../../components/SuccessHeading';
import { PageFrame } from '../../components/PageFrame';
import { useCheckoutOrder } from '../payments/useCheckoutOrder';

const backToInvoices = (
  <Button variant="contained" component={RouterLink} to="/profile#invoices">
    My invoices
  </Button>
);

/**
 * Where checkout returns after paying an invoice (?session_id=…): success shows what was paid once the payment is
 * confirmed (live, no polling); failure (a cancelled or failed checkout) says nothing was charged and offers to try again.
 */
export function InvoicePaymentResultPage({ outcome }: { outcome: 'success' | 'failure' }) {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const { order, waiting, loading, error } = useCheckoutOrder(sessionId, { awaitPayment: outcome === 'success' });
  const title = outcome === 'success' && (order || waiting || loading) ? 'Invoice paid' : 'Invoice payment failed';

  return (
    <PageFrame title={title} maxWidth="sm">
      <Card>
        {error ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessage(error, 'This payment could not be loaded.')}
          </Alert>
        ) : loading ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading your payment" />
          </Box>
        ) : order ? (
          <Box sx={{ p: { xs: 2.5, sm: 3 } }} data-testid="invoice-paid">
            <SuccessHeading title="Thank you — your invoice is paid">
              We received {formatMoney(order.totalCents)}. The receipt is on your profile and on its way by email.
            </SuccessHeading>
            <Box component="ul" sx={{ m: 0, pl: 2.5, mb: 3 }}>
              {order.lines.map((line) => (
                <Typography component="li" key={line.id}>
                  {line.description} — {formatMoney(line.unitCents * line.quantity)}
                </Typography>
              ))}
            </Box>
            {backToInvoices}
          </Box>
        ) : waiting ? (
          <EmptyState icon={<HourglassTopRounded />} title="Confirming your payment…">
            This takes a few seconds. The page updates by itself as soon as the payment is confirmed.
          </EmptyState>
        ) : (
          <EmptyState icon={<ErrorOutlineRounded />} title="Your invoice was not paid" action={backToInvoices}>
            {outcome === 'failure'
              ? 'The payment was cancelled or did not go through, and nothing was charged. You can try again from your invoices.'
              : 'The payment session ended without a payment, and nothing was charged. You can try again from your invoices.'}
          </EmptyState>
        )}
      </Card>
    </PageFrame>
  );
}

export default function InvoicePaymentSuccessPage() {
  return <InvoicePaymentResultPage outcome="success" />;
}

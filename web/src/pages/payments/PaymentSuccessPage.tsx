import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../app/errors';
import { EmptyState } from '../../components/EmptyState';
import { SuccessHeading } from '../../components/SuccessHeading';
import { PageFrame } from '../../components/PageFrame';
import { OrderLines } from './OrderLines';
import { paidOrderMessage } from './paidOrderMessage';
import { useCheckoutOrder } from './useCheckoutOrder';

/** Where the payment page sends the browser back (?session_id=…): the order, awaited live if the payment is not yet confirmed. */
export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const { order, status, waiting, loading, error } = useCheckoutOrder(sessionId);
  const message = order ? paidOrderMessage(order.lines) : null;

  return (
    <PageFrame title="Payment received" maxWidth="sm">
      <Card>
        {!sessionId ? (
          <EmptyState icon={<ErrorOutlineRounded />} title="No payment to show">
            This page shows an order after checkout. Your orders are listed on your profile.
          </EmptyState>
        ) : error ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessage(error, 'Your order could not be loaded.')}
          </Alert>
        ) : loading ? (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
            <CircularProgress aria-label="Loading your order" />
          </Box>
        ) : order ? (
          <Box sx={{ p: { xs: 2.5, sm: 3 } }} data-testid="paid-order">
            <SuccessHeading title="Thank you — your payment went through" lineTestId="paid-order-line">
              {message?.line}
            </SuccessHeading>
            <Divider sx={{ mb: 1 }} />
            <OrderLines order={order} />
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 3 }}>
              {message && (
                <Button variant="contained" component={RouterLink} to={message.next.to}>
                  {message.next.label}
                </Button>
              )}
              <Button variant="outlined" component={RouterLink} to="/merch">
                Keep shopping
              </Button>
            </Box>
          </Box>
        ) : waiting ? (
          <EmptyState icon={<HourglassTopRounded />} title="Confirming your payment…">
            This takes a few seconds. The page updates by itself as soon as the payment is confirmed.
          </EmptyState>
        ) : (
          <EmptyState
            icon={<ErrorOutlineRounded />}
            title="This checkout was not paid"
            action={
              <Button variant="outlined" component={RouterLink} to="/merch">
                Back to the shop
              </Button>
            }
          >
            The payment session {status === 'failed' ? 'failed' : 'expired'} and nothing was charged. Your cart is still there: check out
            again from it.
          </EmptyState>
        )}
      </Card>
    </PageFrame>
  );
}

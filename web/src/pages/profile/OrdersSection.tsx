import { formatMoney } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatTimestampDay } from '../../app/dates';
import { errorMessage } from '../../app/errors';
import { EmptyState } from '../../components/EmptyState';
import { OrderLines } from '../payments/OrderLines';
import type { PaidOrderFragment } from '../payments/paymentSuccess.generated';
import { MyOrdersDocument } from './orders.generated';

const STATUS_LABEL: Record<PaidOrderFragment['status'], string> = {
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  on_account: 'On account',
  cancelled: 'Cancelled',
};

function OrderRow({ order }: { order: PaidOrderFragment }) {
  const [open, setOpen] = useState(false);
  const receiptId = `receipt-${order.id}`;
  return (
    <Box component="li" data-testid="my-order" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 'fontWeightBold' }}>
            {formatTimestampDay(order.createdAt)} · {formatMoney(order.totalCents)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {order.lines.length === 1 ? order.lines[0].description : `${order.lines.length} items`}
          </Typography>
        </Box>
        <Chip size="small" label={STATUS_LABEL[order.status]} color={order.status === 'paid' ? 'success' : 'default'} variant="outlined" />
        <Button size="small" aria-expanded={open} aria-controls={receiptId} onClick={() => setOpen((v) => !v)}>
          {open ? 'Hide receipt' : 'Receipt'}
        </Button>
      </Box>
      {open && (
        <Box id={receiptId} sx={{ mt: 1 }}>
          <OrderLines order={order} />
        </Box>
      )}
    </Box>
  );
}

/** /profile: what the member bought, newest first, each with its receipt. */
export function OrdersSection() {
  const { data, loading, error } = useQuery(MyOrdersDocument);
  if (error && !data) return <Alert severity="error">{errorMessage(error, 'Your orders could not be loaded.')}</Alert>;
  if (loading && !data) return <Skeleton height={56} />;
  const orders = data?.myOrders ?? [];
  if (orders.length === 0)
    return (
      <EmptyState
        dense
        icon={<ReceiptLongOutlined />}
        title="No orders yet"
        action={
          <Button variant="outlined" component={RouterLink} to="/merch">
            Visit the shop
          </Button>
        }
      >
        Classes and products you pay for online show here with their receipts.
      </EmptyState>
    );
  return (
    <Box component="ul" aria-label="Your orders" sx={{ listStyle: 'none', m: 0, p: 0, '& > li:first-of-type': { borderTop: 0, pt: 0 } }}>
      {orders.map((order) => (
        <OrderRow key={order.id} order={order} />
      ))}
    </Box>
  );
}

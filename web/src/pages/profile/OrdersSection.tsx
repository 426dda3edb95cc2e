import { useQuery } from '@apollo/client/react';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../app/errors';
import { EmptyState } from '../../components/EmptyState';
import { OrderRow } from '../payments/OrderRow';
import { MyOrdersDocument } from './orders.generated';

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

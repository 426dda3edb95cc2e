import { formatMoney } from '@studio/rules';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatTimestampDay } from '../../app/dates';
import { OrderLines } from './OrderLines';
import type { PaidOrderFragment } from './paymentSuccess.generated';

const STATUS_LABEL: Record<PaidOrderFragment['status'], string> = {
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
  on_account: 'On account',
  cancelled: 'Cancelled',
};

/** One order: its day, total, state and, on demand, its receipt (the member's /profile and the admin's user drawer). */
export function OrderRow({ order }: { order: PaidOrderFragment }) {
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

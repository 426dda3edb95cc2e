import { formatMoney } from '@studio/rules';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PaidOrderFragment } from './paymentSuccess.generated';

/** An order's lines and total, as the success page and the profile's receipts show them. */
export function OrderLines({ order }: { order: PaidOrderFragment }) {
  return (
    <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', '& td': { py: 1, verticalAlign: 'top' } }}>
      <tbody>
        {order.lines.map((line) => (
          <tr key={line.id} data-testid="order-line">
            <td>
              <Typography variant="body2">
                {line.quantity} × {line.description}
              </Typography>
            </td>
            <Box component="td" sx={{ textAlign: 'right', whiteSpace: 'nowrap', pl: 2, fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(line.totalCents)}
            </Box>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <Box component="td" sx={{ fontWeight: 'fontWeightBold', borderTop: 1, borderColor: 'divider' }}>
            Total paid
          </Box>
          <Box
            component="td"
            data-testid="order-total"
            sx={{
              textAlign: 'right',
              fontWeight: 'fontWeightExtraBold',
              borderTop: 1,
              borderColor: 'divider',
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {formatMoney(order.totalCents)}
          </Box>
        </tr>
        {order.refundedCents > 0 && (
          <tr>
            <td>Refunded</td>
            <Box component="td" sx={{ textAlign: 'right' }}>
              {formatMoney(order.refundedCents)}
            </Box>
          </tr>
        )}
      </tfoot>
    </Box>
  );
}

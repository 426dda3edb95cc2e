import { formatMoney } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useState } from 'react';
import { z } from 'zod';
import { formatTimestamp } from '../../../app/dates';
import { errorMessage } from '../../../app/errors';
import { FormTextField, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { PosDayDocument, type PosDayQuery } from './pos.generated';
import { CATEGORY_LABELS, centsOf, METHOD_LABELS } from './posRules';
import { useClosePosDay } from './useClosePosDay';
import { useRefundPosSale } from './useRefundPosSale';

type DaySale = PosDayQuery['posSales'][number];

const closeForm = z.object({
  counted: z.string().refine((v) => v.trim() === '' || centsOf(v) !== null, 'Enter the cash counted, e.g. 250 or 250.50.'),
});
const refundForm = z.object({ reason: z.string().trim().min(1, 'Give a reason for the refund.').max(200, 'At most 200 characters.') });

function Row({ label, cents, strong, sub }: { label: string; cents: number; strong?: boolean; sub?: boolean }) {
  return (
    <TableRow>
      <TableCell sx={{ fontWeight: strong ? 700 : 400, pl: sub ? 4 : 2, color: sub ? 'text.secondary' : undefined }}>{label}</TableCell>
      <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 700 : 400 }}>
        {formatMoney(cents)}
      </TableCell>
    </TableRow>
  );
}

function RefundSale({ sale, onDone }: { sale: DaySale; onDone: () => void }) {
  const { toast } = useToast();
  const { control, handleSubmit } = useZodForm(refundForm, { defaultValues: { reason: '' } });
  const [refund, { loading }] = useRefundPosSale();
  const submit = handleSubmit(async ({ reason }) => {
    try {
      await refund({ variables: { saleId: sale.id, reason } });
      const how =
        sale.paymentMethod === 'account'
          ? 'the invoice is voided'
          : `${formatMoney(sale.totalCents)} back ${sale.paymentMethod === 'card' ? 'to the card' : 'in cash'}`;
      toast({ title: 'Refunded', description: `${how}; the stock is back.`, variant: 'success' });
      onDone();
    } catch (err) {
      toast({ title: 'Not refunded', description: errorMessage(err), variant: 'error' });
    }
  });
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mt: 1 }}>
      <FormTextField control={control} name="reason" label="Reason for the refund" size="small" sx={{ flex: 1 }} autoFocus />
      <Button type="submit" color="error" variant="contained" disabled={loading} sx={{ minHeight: 40 }}>
        Refund {formatMoney(sale.totalCents)}
      </Button>
    </Box>
  );
}

/** The end of the day: totals by payment method and category, the cash the drawer should hold, refunds, closing. */
export function PosDayDialog({ onClose }: { onClose: () => void }) {
  const { toast } = useToast();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { data, error, loading } = useQuery(PosDayDocument, { variables: { date: null }, fetchPolicy: 'cache-and-network' });
  const [refunding, setRefunding] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [closeDay, { loading: closing }] = useClosePosDay();
  const { control, handleSubmit } = useZodForm(closeForm, { defaultValues: { counted: '' } });
  const report = data?.posDayReport;
  const paid = (data?.posSales ?? []).filter((s) => s.status === 'completed' || s.status === 'refunded');
  const submit = handleSubmit(async ({ counted }) => {
    if (!report) return;
    if (!confirming) return setConfirming(true);
    try {
      await closeDay({ variables: { date: report.date, countedCashCents: counted.trim() ? centsOf(counted) : null } });
      toast({ title: 'Day closed', description: `${report.date} is closed; its sales no longer change.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Not closed', description: errorMessage(err), variant: 'error' });
    }
    setConfirming(false);
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle>End of day{report ? ` — ${report.date}` : ''}</DialogTitle>
      <DialogContent>
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        {loading && !report && <Typography color="text.secondary">Loading…</Typography>}
        {report && (
          <>
            {report.closed && (
              <Alert severity="info" sx={{ mb: 2 }}>
                Closed{report.closedByName ? ` by ${report.closedByName}` : ''}
                {report.closedAt ? ` at ${formatTimestamp(report.closedAt, true)}` : ''}. Its sales and refunds no longer change.
              </Alert>
            )}
            {report.openSales > 0 && !report.closed && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {report.openSales} sale{report.openSales === 1 ? ' is' : 's are'} still open on the register (not counted).
              </Alert>
            )}
            <Table size="small" aria-label="Day totals" data-testid="pos-day-report">
              <TableBody>
                <Row label={`Sales (${report.salesCount})`} cents={report.grossCents} />
                {report.byCategory.map((c) => (
                  <Row key={c.category} sub label={`${CATEGORY_LABELS[c.category]} (${c.quantity})`} cents={c.grossCents} />
                ))}
                <Row label="Discounts" cents={-report.discountCents} />
                <Row label="Taken" cents={report.netCents} strong />
                {report.byMethod.map((m) => (
                  <Row key={m.method} sub label={`${METHOD_LABELS[m.method] ?? m.method} (${m.sales})`} cents={m.takenCents} />
                ))}
                <Row label="Refunds" cents={-report.refundedCents} />
                <Row label="Cash expected in the drawer" cents={report.cashExpectedCents} strong />
                {report.countedCashCents !== null && <Row label="Cash counted" cents={report.countedCashCents} />}
              </TableBody>
            </Table>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1 }}>
              Today's sales
            </Typography>
            {paid.length === 0 && <Typography color="text.secondary">No sales yet.</Typography>}
            {paid.map((s) => (
              <Box key={s.id} data-testid="pos-day-sale" sx={{ py: 1, borderTop: 1, borderColor: 'divider' }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography noWrap>
                      {s.completedAt ? formatTimestamp(s.completedAt, true) : ''} · {s.member?.name ?? 'Walk-in'}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" noWrap>
                      {s.lines.map((l) => `${l.quantity} × ${l.description}`).join(', ')}
                    </Typography>
                  </Box>
                  <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
                    <Typography sx={{ fontWeight: 600 }}>{formatMoney(s.totalCents)}</Typography>
                    {s.status === 'refunded' ? (
                      <Typography variant="caption" color="error">
                        Refunded
                      </Typography>
                    ) : (
                      !report.closed && (
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setRefunding(refunding === s.id ? null : s.id)}
                          sx={{ minHeight: 36 }}
                        >
                          Refund
                        </Button>
                      )
                    )}
                  </Box>
                </Box>
                {refunding === s.id && <RefundSale sale={s} onDone={() => setRefunding(null)} />}
              </Box>
            ))}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        {report && !report.closed && (
          <Box
            component="form"
            onSubmit={submit}
            noValidate
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', mr: 'auto', flexWrap: 'wrap' }}
          >
            <FormTextField
              control={control}
              name="counted"
              label="Cash counted ($)"
              size="small"
              sx={{ width: 170 }}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <Button type="submit" variant="contained" color={confirming ? 'error' : 'primary'} disabled={closing} sx={{ minHeight: 40 }}>
              {confirming ? 'Yes, close the day for good' : 'Close the day'}
            </Button>
          </Box>
        )}
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

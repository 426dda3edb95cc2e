import { dollarText, formatMoney } from '@studio/rules';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { FormDialog } from '../../../components/FormDialog';
import type { PosSalePartsFragment } from './pos.generated';
import { cashForm, centsOf, discountForm, quickTenders } from './posRules';
import { usePayPosSaleCash } from './usePayPosSaleCash';
import { useSetPosDiscount } from './useSetPosDiscount';

type Sale = PosSalePartsFragment;
type Line = Sale['lines'][number];

const REASONS = ['Damaged item', 'Staff', 'Loyal member', 'Price match'];
const bigField = { '& .MuiInputBase-root': { minHeight: 56, fontSize: '1.2rem' } } as const;

/** A discount on one line or on the whole sale, always with a reason (it goes on the receipt and the day report). */
export function DiscountDialog({ sale, line, onClose }: { sale: Sale; line: Line | null; onClose: () => void }) {
  const { toast } = useToast();
  const lineGross = line ? line.quantity * line.unitCents : 0;
  const max = line ? lineGross : sale.subtotalCents - (sale.discountTotalCents - sale.discountCents);
  const current = line ? line.discountCents : sale.discountCents;
  const { control, handleSubmit, setError, setValue } = useZodForm(discountForm(max), {
    defaultValues: { amount: current ? dollarText(current) : '', reason: (line ? line.discountReason : sale.discountReason) ?? '' },
  });
  const { formError, attempt } = useSubmitRefusal(setError, { rename: { amountCents: 'amount' } });
  const [setDiscount, { loading }] = useSetPosDiscount();
  const save = (amountCents: number, reason: string) =>
    attempt(async () => {
      await setDiscount({ variables: { saleId: sale.id, lineId: line?.id ?? null, amountCents, reason } });
      toast({ title: amountCents ? `Discount of ${formatMoney(amountCents)} given` : 'Discount removed', variant: 'success' });
      onClose();
    });
  const submit = handleSubmit((values) => save(centsOf(values.amount) ?? 0, values.reason));
  return (
    <FormDialog
      title={line ? `Discount ${line.description}` : 'Discount the sale'}
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={loading}
      busyLabel="Apply"
      submitLabel="Apply"
      closeLabel="Cancel"
      maxWidth="xs"
      touch
      leadingActions={
        current > 0 && (
          <Button color="error" onClick={() => save(0, '')} disabled={loading} sx={{ minHeight: 48 }}>
            Remove
          </Button>
        )
      }
    >
      <FormTextField
        control={control}
        name="amount"
        label="Amount off ($)"
        autoFocus
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        helperText={`Up to ${formatMoney(max)}`}
        sx={bigField}
      />
      <FormTextField control={control} name="reason" label="Reason" slotProps={{ htmlInput: { maxLength: 200 } }} />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {REASONS.map((r) => (
          <Button
            key={r}
            variant="outlined"
            size="small"
            sx={{ minHeight: 40 }}
            onClick={() => setValue('reason', r, { shouldValidate: true })}
          >
            {r}
          </Button>
        ))}
      </Box>
    </FormDialog>
  );
}

/** Cash: the amount handed over (with one-tap notes), the change shown before confirming. */
export function CashDialog({ sale, onClose }: { sale: Sale; onClose: () => void }) {
  const { toast } = useToast();
  const { control, handleSubmit, setError, setValue, watch } = useZodForm(cashForm(sale.totalCents), {
    defaultValues: { tendered: '' },
  });
  const { formError, attempt } = useSubmitRefusal(setError, { rename: { tenderedCents: 'tendered' } });
  const [pay, { loading }] = usePayPosSaleCash();
  const tendered = centsOf(watch('tendered'));
  const change = tendered !== null && tendered >= sale.totalCents ? tendered - sale.totalCents : null;
  const submit = handleSubmit((values) =>
    attempt(async () => {
      const { data } = await pay({ variables: { saleId: sale.id, tenderedCents: centsOf(values.tendered)! } });
      toast({ title: 'Paid', description: `Change due: ${formatMoney(data!.payPosSaleCash.changeCents ?? 0)}`, variant: 'success' });
      onClose();
    }),
  );
  return (
    <FormDialog
      title="Cash payment"
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={loading}
      busyLabel="Take cash"
      submitLabel="Take cash"
      closeLabel="Cancel"
      maxWidth="xs"
      touch
    >
      <Typography variant="h5" component="p">
        Total <strong>{formatMoney(sale.totalCents)}</strong>
      </Typography>
      <FormTextField
        control={control}
        name="tendered"
        label="Cash received ($)"
        autoFocus
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        sx={bigField}
      />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(88px, 1fr))', gap: 1 }}>
        {quickTenders(sale.totalCents).map((cents) => (
          <Button
            key={cents}
            variant="outlined"
            sx={{ minHeight: 52, fontSize: '1.05rem' }}
            onClick={() => setValue('tendered', dollarText(cents), { shouldValidate: true })}
          >
            {cents === sale.totalCents ? 'Exact' : formatMoney(cents)}
          </Button>
        ))}
      </Box>
      <Typography variant="h5" component="p" data-testid="pos-change-preview" color={change === null ? 'text.secondary' : 'success.main'}>
        Change: {change === null ? '—' : formatMoney(change)}
      </Typography>
    </FormDialog>
  );
}

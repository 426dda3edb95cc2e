import { formatMoney } from '@studio/rules';
import DialogContentText from '@mui/material/DialogContentText';
import { z } from 'zod';
import { FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { useToast } from '../../../app/toast';
import { FormDialog } from '../../../components/FormDialog';
import type { AdminOrderFragment } from './adminStripe.generated';
import { useRefundOrder } from './useRefundOrder';

/** What a refund covers: the whole order (`lineIds` null) or some lines, its name and the cents that go back. */
export interface RefundChoice {
  lineIds: string[] | null;
  what: string;
  cents: number;
}

const refundForm = z.object({
  reason: z.string().trim().min(1, 'Say why, for the order’s record.').max(150, 'Keep the reason under 150 characters.'),
});

/** Where a refund goes, in words: the member's card, or the card a walk-in paid with. */
export function refundDestination(order: Pick<AdminOrderFragment, 'owner'>, cents: number): string {
  return `${formatMoney(cents)} back to ${order.owner ? `${order.owner.name}’s card` : 'the card it was paid with'}`;
}

/** Asks why before refunding, and says what will happen: how much goes back, and to whose card. */
export function RefundDialog({ order, choice, onClose }: { order: AdminOrderFragment; choice: RefundChoice; onClose: () => void }) {
  const { toast } = useToast();
  const [refund, { loading }] = useRefundOrder();
  const { control, handleSubmit, setError } = useZodForm(refundForm, { defaultValues: { reason: '' } });
  const { formError, attempt } = useSubmitRefusal(setError);
  const destination = refundDestination(order, choice.cents);
  const submit = handleSubmit(async ({ reason }) => {
    await attempt(async () => {
      await refund({ variables: { orderId: order.id, lineIds: choice.lineIds, reason } });
      toast({ title: 'Refunded', description: `${choice.what}: ${destination}.`, variant: 'success' });
      onClose();
    });
  });
  return (
    <FormDialog
      title={`Refund ${choice.what}?`}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={loading}
      busyLabel="Refunding…"
      submitLabel={`Refund ${formatMoney(choice.cents)}`}
      closeLabel="Keep the payment"
      destructive
    >
      <DialogContentText data-testid="refund-destination">{destination}.</DialogContentText>
      <FormTextField
        control={control}
        name="reason"
        label="Reason"
        required
        multiline
        minRows={2}
        helperText="Kept with the refund on this order."
      />
    </FormDialog>
  );
}

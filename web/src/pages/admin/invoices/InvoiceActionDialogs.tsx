import { formatMoney, fullName } from '@studio/rules';
import DialogContentText from '@mui/material/DialogContentText';
import { FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { FormToggleChoice } from '../../../components/FormToggleChoice';
import { useToast } from '../../../app/toast';
import { FormDialog } from '../../../components/FormDialog';
import type { AdminInvoiceRowFragment } from './adminInvoices.generated';
import { markPaidForm, reasonForm, type MarkPaidValues, type ReasonValues } from './invoiceRules';
import { useMarkInvoicePaid } from './useMarkInvoicePaid';
import { useMarkInvoiceUncollectible } from './useMarkInvoiceUncollectible';
import { useVoidInvoice } from './useVoidInvoice';

const who = (i: AdminInvoiceRowFragment) => fullName(i.member);

/** How an invoice paid outside the app was paid. */
const PAID_BY = [
  ['bank_transfer', 'Bank transfer'],
  ['cash', 'Cash'],
] as const;

/** Records a payment made at the desk (cash) or by bank transfer, with its reference. */
export function MarkPaidDialog({ invoice, onClose }: { invoice: AdminInvoiceRowFragment; onClose: () => void }) {
  const { toast } = useToast();
  const defaults: MarkPaidValues = { method: 'bank_transfer', reference: '' };
  const { control, handleSubmit, setError, getValues } = useZodForm(markPaidForm, { defaultValues: defaults });
  const { formError, attempt } = useSubmitRefusal(setError);
  const [markPaid, { loading }] = useMarkInvoicePaid();
  const submit = handleSubmit(async () => {
    await attempt(async () => {
      const v = getValues();
      await markPaid({ variables: { id: invoice.id, method: v.method, reference: v.reference.trim() || null } });
      toast({
        title: 'Marked paid',
        description: `${invoice.number} (${formatMoney(invoice.totalCents)}) from ${who(invoice)}.`,
        variant: 'success',
      });
      onClose();
    });
  });
  return (
    <FormDialog
      title={`Mark ${invoice.number} paid`}
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={loading}
      submitLabel="Mark paid"
      closeLabel="Cancel"
      maxWidth="xs"
    >
      <DialogContentText>
        {formatMoney(invoice.totalCents)} from {who(invoice)}, received outside the app.
      </DialogContentText>
      <FormToggleChoice control={control} name="method" options={PAID_BY} aria-label="How it was paid" />
      <FormTextField control={control} name="reference" label="Reference" placeholder="Transfer reference or receipt number" />
    </FormDialog>
  );
}

/** Voids an invoice or writes it off, with an optional reason kept on it. */
export function ReasonDialog({
  invoice,
  action,
  onClose,
}: {
  invoice: AdminInvoiceRowFragment;
  action: 'void' | 'uncollectible';
  onClose: () => void;
}) {
  const { toast } = useToast();
  const { control, handleSubmit, setError, getValues } = useZodForm(reasonForm, { defaultValues: { reason: '' } as ReasonValues });
  const { formError, attempt } = useSubmitRefusal(setError);
  const [voidInvoice, voiding] = useVoidInvoice();
  const [writeOff, writing] = useMarkInvoiceUncollectible();
  const submit = handleSubmit(async () => {
    await attempt(async () => {
      const variables = { id: invoice.id, reason: getValues().reason.trim() || null };
      if (action === 'void') await voidInvoice({ variables });
      else await writeOff({ variables });
      toast({
        title: action === 'void' ? 'Invoice voided' : 'Marked uncollectible',
        description: `${invoice.number} for ${who(invoice)}.`,
      });
      onClose();
    });
  });
  const title = action === 'void' ? `Void ${invoice.number}?` : `Mark ${invoice.number} uncollectible?`;
  const submitLabel = action === 'void' ? 'Void invoice' : 'Mark uncollectible';
  return (
    <FormDialog
      title={title}
      onClose={onClose}
      onSubmit={submit}
      formError={formError}
      busy={voiding.loading || writing.loading}
      busyLabel={submitLabel}
      submitLabel={submitLabel}
      closeLabel="Cancel"
      maxWidth="xs"
      destructive={action === 'void'}
      cautious={action === 'uncollectible'}
    >
      <DialogContentText>
        {action === 'void'
          ? `${who(invoice)} will no longer owe ${formatMoney(invoice.totalCents)}. A void invoice cannot be reopened.`
          : `It stays on ${who(invoice)}'s profile and can still be paid, but counts as written off.`}
      </DialogContentText>
      <FormTextField
        control={control}
        name="reason"
        label="Reason (optional)"
        placeholder={action === 'void' ? 'e.g. Billed twice' : 'e.g. Moved away'}
      />
    </FormDialog>
  );
}

import { dollarText, formatMoney, fullName } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import AddRounded from '@mui/icons-material/AddRounded';
import DeleteOutlineRounded from '@mui/icons-material/DeleteOutlineRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { addDays, todayIso } from '../../../app/dates';
import { errorMessage } from '../../../app/errors';
import { FormDateField, FormTextField, useSubmitRefusal, useZodForm } from '../../../app/forms';
import { FormDialog } from '../../../components/FormDialog';
import { MemberPicker, type MemberOption } from '../../../components/MemberPicker';
import { useToast } from '../../../app/toast';
import { AdminInvoiceDraftDocument, type AdminInvoiceDraftQuery, type AdminInvoiceRowFragment } from './adminInvoices.generated';
import { invoiceForm, invoiceInput, newLine, totalOf, type InvoiceValues } from './invoiceRules';
import { useCreateInvoice } from './useCreateInvoice';
import { useSendInvoice } from './useSendInvoice';
import { useUpdateInvoice } from './useUpdateInvoice';

/** Makes an invoice for a member: lines (a negative price is a credit), due date and memo; saved as a draft or sent at once. */
export function InvoiceDialog({ onClose, draft = null }: { onClose: () => void; draft?: AdminInvoiceDraftQuery['invoice'] | null }) {
  const { toast } = useToast();
  const defaults: InvoiceValues = draft
    ? {
        memberId: draft.member.id,
        lines: draft.lines.map((l) => ({
          description: l.description,
          quantity: String(l.quantity),
          unitPrice: dollarText(l.unitCents),
        })),
        dueDate: draft.dueDate,
        memo: draft.memo,
      }
    : { memberId: '', lines: [newLine()], dueDate: addDays(todayIso(), 14), memo: '' };
  const { control, handleSubmit, setError, getValues, watch, setValue, formState } = useZodForm(invoiceForm, { defaultValues: defaults });
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const [member, setMember] = useState<MemberOption | null>(draft ? draft.member : null);
  const { formError, attempt } = useSubmitRefusal(setError);
  const [create, creating] = useCreateInvoice();
  const [update, updating] = useUpdateInvoice();
  const [sendInvoice, sending] = useSendInvoice();
  const loading = creating.loading || updating.loading || sending.loading;
  const lines = watch('lines');

  const save = (send: boolean) =>
    handleSubmit(async () => {
      await attempt(async () => {
        let made: AdminInvoiceRowFragment | undefined;
        if (draft) {
          made = (await update({ variables: { id: draft.id, input: invoiceInput(getValues()) } })).data?.updateInvoice;
          if (send) made = (await sendInvoice({ variables: { id: draft.id } })).data?.sendInvoice;
        } else made = (await create({ variables: { input: invoiceInput(getValues()), send } })).data?.createInvoice;
        toast({
          title: send ? 'Invoice sent' : 'Draft saved',
          description: made
            ? `${made.number} for ${fullName(made.member)}: ${formatMoney(made.totalCents)}${send ? ', emailed and notified.' : '.'}`
            : undefined,
          variant: 'success',
        });
        onClose();
      });
    });

  const linesError =
    (formState.errors.lines as { message?: string; root?: { message?: string } } | undefined)?.message ??
    (formState.errors.lines as { root?: { message?: string } } | undefined)?.root?.message;

  return (
    <FormDialog
      title={draft ? `Edit draft ${draft.number}` : 'New invoice'}
      onClose={onClose}
      onSubmit={(e) => void save(true)(e)}
      formError={formError}
      busy={loading}
      submitLabel="Save and send"
      maxWidth="md"
      closeLabel="Cancel"
      actions={
        <Button variant="outlined" disabled={loading} onClick={() => void save(false)()}>
          Save draft
        </Button>
      }
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr' } }}>
        <Controller
          control={control}
          name="memberId"
          render={({ fieldState }) => (
            <MemberPicker
              value={member}
              onChange={(m) => {
                setMember(m);
                setValue('memberId', m?.id ?? '', { shouldValidate: formState.isSubmitted });
              }}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormDateField control={control} name="dueDate" label="Due date" required />
      </Box>
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, display: 'grid', gap: 1.5 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
          Lines
        </Typography>
        {fields.map((field, i) => (
          <Box
            key={field.id}
            sx={{
              display: 'grid',
              gap: 1,
              gridTemplateColumns: { xs: '1fr 1fr auto', sm: '1fr 90px 130px auto' },
              alignItems: 'start',
            }}
          >
            <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
              <FormTextField control={control} name={`lines.${i}.description`} label="Description" required fullWidth size="small" />
            </Box>
            <FormTextField
              control={control}
              name={`lines.${i}.quantity`}
              label="Qty"
              required
              size="small"
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            />
            <FormTextField
              control={control}
              name={`lines.${i}.unitPrice`}
              label="Price ($)"
              required
              size="small"
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <IconButton aria-label={`Remove line ${i + 1}`} onClick={() => remove(i)} disabled={fields.length === 1} sx={{ mt: 0.25 }}>
              <DeleteOutlineRounded />
            </IconButton>
          </Box>
        ))}
        {linesError && (
          <Typography color="error" variant="body2">
            {linesError}
          </Typography>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
          <Button startIcon={<AddRounded />} onClick={() => append(newLine())}>
            Add line
          </Button>
          <Typography role="status" sx={{ fontWeight: 'fontWeightBold', fontVariantNumeric: 'tabular-nums' }}>
            Total {formatMoney(totalOf(lines))}
          </Typography>
        </Box>
      </Box>
      <FormTextField control={control} name="memo" label="Memo" multiline minRows={2} placeholder="Shown on the invoice and in the email" />
    </FormDialog>
  );
}

/** Loads a draft with its lines, then edits it in the same dialog (save it, or save and send it). */
export function EditInvoiceDialog({ invoiceId, onClose }: { invoiceId: string; onClose: () => void }) {
  const { data, error } = useQuery(AdminInvoiceDraftDocument, { variables: { id: invoiceId }, fetchPolicy: 'network-only' });
  if (data) return <InvoiceDialog draft={data.invoice} onClose={onClose} />;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-label="Loading the draft">
      <DialogContent>
        {error ? (
          <Alert severity="error">{errorMessage(error, 'The draft could not be loaded.')}</Alert>
        ) : (
          <LinearProgress aria-label="Loading the draft" />
        )}
      </DialogContent>
    </Dialog>
  );
}

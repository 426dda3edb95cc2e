import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../../app/errors';
import { FormDialog } from '../../../components/FormDialog';

/** The class or series a dialog acts on: its name and when, where and at what level. */
export function ScheduleSummary({ name, line }: { name: string; line: ReactNode }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: '10px', bgcolor: 'background.default', border: 1, borderColor: 'divider' }}>
      <Typography sx={{ fontWeight: 'fontWeightBold' }}>{name}</Typography>
      <Typography variant="body2" color="text.secondary">
        {line}
      </Typography>
    </Box>
  );
}

/**
 * Cancelling a class or a whole series: what it is, what follows, and an optional reason for the message to the booked
 * members. `what` names it in the title and the buttons ("class", "series").
 */
export function CancelScheduleDialog({
  what,
  summary,
  consequence,
  reasonHelp,
  cancel,
  onClose,
}: {
  what: string;
  summary: ReactNode;
  consequence: ReactNode;
  reasonHelp: string;
  /** Cancels with the trimmed reason and tells the admin; a refusal is shown in the dialog. */
  cancel: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      await cancel(reason.trim());
      onClose();
    } catch (err) {
      setError(errorMessage(err, `The ${what} could not be cancelled. Please try again.`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormDialog
      title={`Cancel this ${what}?`}
      maxWidth="xs"
      onClose={onClose}
      onSubmit={(e) => void confirm(e)}
      formError={error}
      busy={busy}
      busyLabel="Cancelling…"
      submitLabel={`Cancel ${what}`}
      closeLabel={`Keep ${what}`}
      destructive
    >
      {summary}
      <DialogContentText>{consequence}</DialogContentText>
      <TextField
        label="Reason (optional)"
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        helperText={reasonHelp}
        slotProps={{ htmlInput: { maxLength: 300 } }}
      />
    </FormDialog>
  );
}

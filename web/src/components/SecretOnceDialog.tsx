import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, type ReactNode } from 'react';
import { useToast } from '../app/toast';

/**
 * A secret the server shows this once (an API key, a webhook signing secret): read-only, selected on focus, with a
 * copy button that falls back to selecting it when the browser refuses the clipboard.
 */
export function SecretOnceDialog({
  title,
  secret,
  noun,
  label,
  warning,
  hint,
  onClose,
}: {
  title: ReactNode;
  secret: string;
  /** What the secret is, in lower case ("key", "secret"): the field's label and the copy button's. */
  noun: string;
  /** The field's label when it is more than the noun ("API key"). */
  label?: string;
  warning: ReactNode;
  hint: ReactNode;
  onClose: () => void;
}) {
  const { toast } = useToast();
  const field = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: `${noun[0].toUpperCase()}${noun.slice(1)} copied`, variant: 'success' });
    } catch {
      field.current?.select();
      toast({ title: `Copy the selected ${noun}`, description: 'Your browser did not let the page copy it.' });
    }
  };
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="warning">{warning}</Alert>
        <TextField
          label={label ?? `${noun[0].toUpperCase()}${noun.slice(1)}`}
          value={secret}
          inputRef={field}
          onFocus={(e) => e.target.select()}
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
          fullWidth
        />
        <Typography variant="body2" color="text.secondary">
          {hint}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button startIcon={<ContentCopyRounded />} onClick={() => void copy()}>
          Copy {noun}
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef } from 'react';
import { useToast } from '../../../app/toast';

/** A signing secret, shown this once (made or rotated), with a copy button. */
export function WebhookSecretDialog({ secret, rotated, onClose }: { secret: string; rotated: boolean; onClose: () => void }) {
  const { toast } = useToast();
  const field = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: 'Secret copied', variant: 'success' });
    } catch {
      field.current?.select();
      toast({ title: 'Copy the selected secret', description: 'Your browser did not let the page copy it.' });
    }
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{rotated ? 'New signing secret' : 'Endpoint created: its signing secret'}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Alert severity="warning">Copy it now: it is not shown again. Anyone with it can forge deliveries, so keep it secret.</Alert>
        <TextField
          inputRef={field}
          value={secret}
          label="Secret"
          fullWidth
          slotProps={{ htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace' } } }}
          onFocus={(e) => e.target.select()}
        />
        <Typography variant="body2" color="text.secondary">
          {rotated
            ? 'For the next 24 hours deliveries are signed with the old secret too, so your receiver can switch without missing one.'
            : 'Verify each delivery with it using a Standard Webhooks library (see “Receive webhooks” in the README).'}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyRounded />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}

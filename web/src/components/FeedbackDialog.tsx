import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { fieldErrorsOf } from '../app/errors';
import { useToast } from '../app/toast';
import type { FeedbackCategory } from '../graphql/types';
import { useSubmitFeedback } from './useSubmitFeedback';

/** Spec §9: the five categories; general is the default. */
export const FEEDBACK_CATEGORIES: { value: FeedbackCategory; label: string }[] = [
  { value: 'bug', label: 'Bug' },
  { value: 'feature', label: 'Feature request' },
  { value: 'question', label: 'Question' },
  { value: 'general', label: 'General' },
  { value: 'other', label: 'Other' },
];
export const DEFAULT_FEEDBACK_CATEGORY: FeedbackCategory = 'general';
const MESSAGE_MAX = 2000;

export default function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [category, setCategory] = useState<FeedbackCategory>(DEFAULT_FEEDBACK_CATEGORY);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const { toast } = useToast();
  const location = useLocation();
  const [submit, { loading }] = useSubmitFeedback();
  const trimmed = message.trim();

  const reset = () => {
    setCategory(DEFAULT_FEEDBACK_CATEGORY);
    setMessage('');
    setError(null);
    setFailed(false);
  };

  const send = async () => {
    if (!trimmed) return;
    setFailed(false);
    try {
      await submit({ variables: { input: { category, message: trimmed, page: location.pathname } } });
      toast({ title: 'Feedback Submitted', description: "Thank you for your feedback! We'll review it soon.", variant: 'success' });
      reset();
      onClose();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields.message) setError(fields.message);
      setFailed(true);
      toast({ title: 'Error', description: 'Failed to submit feedback. Please try again.', variant: 'error' });
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="feedback-title">
      <DialogTitle id="feedback-title" sx={{ fontWeight: 700 }}>
        Send feedback
      </DialogTitle>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <DialogContent sx={{ pt: 0, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <DialogContentText>Tell the studio team what works, what doesn’t, or what you’d love to see.</DialogContentText>
          {failed && <Alert severity="error">Failed to submit feedback. Please try again.</Alert>}
          <TextField select label="Category" value={category} onChange={(e) => setCategory(e.target.value as FeedbackCategory)}>
            {FEEDBACK_CATEGORIES.map((c) => (
              <MenuItem key={c.value} value={c.value}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Message"
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
              setError(null);
            }}
            multiline
            minRows={4}
            maxRows={12}
            autoFocus
            error={Boolean(error)}
            helperText={error ?? `${message.length}/${MESSAGE_MAX}`}
            slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!trimmed || loading}>
            {loading ? 'Sending…' : 'Send'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

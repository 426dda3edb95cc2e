import { feedbackMessage } from '@studio/rules';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { z } from 'zod';
import { errorCode, errorMessage } from '../app/errors';
import { FormTextField, setServerErrors, useZodForm } from '../app/forms';
import { useToast } from '../app/toast';
import type { FeedbackCategory } from '../graphql/types';
import { useSubmitFeedback } from './useSubmitFeedback';

/** The five feedback categories; general is the default. */
export const FEEDBACK_CATEGORIES: { value: FeedbackCategory; label: string }[] = [
  { value: 'bug', label: 'Bug' },
  { value: 'feature', label: 'Feature request' },
  { value: 'question', label: 'Question' },
  { value: 'general', label: 'General' },
  { value: 'other', label: 'Other' },
];
export const DEFAULT_FEEDBACK_CATEGORY: FeedbackCategory = 'general';
const MESSAGE_MAX = 2000;
const SEND_FAILED = 'Failed to submit feedback. Please try again.';

const feedbackForm = z.object({
  category: z.enum(FEEDBACK_CATEGORIES.map((c) => c.value) as [FeedbackCategory, ...FeedbackCategory[]]),
  message: feedbackMessage,
});

export default function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const empty = { category: DEFAULT_FEEDBACK_CATEGORY, message: '' };
  const { control, handleSubmit, setError, reset, watch } = useZodForm(feedbackForm, { defaultValues: empty });
  /** What the dialog says when sending failed: the server's words when it asks the member to wait, else SEND_FAILED. */
  const [failure, setFailure] = useState<string | null>(null);
  const { toast } = useToast();
  const location = useLocation();
  const [submit, { loading }] = useSubmitFeedback();
  const message = watch('message');

  const send = handleSubmit(async ({ category, message: text }) => {
    setFailure(null);
    try {
      await submit({ variables: { input: { category, message: text, page: location.pathname } } });
      toast({ title: 'Feedback Submitted', description: "Thank you for your feedback! We'll review it soon.", variant: 'success' });
      reset(empty);
      setFailure(null);
      onClose();
    } catch (e) {
      setServerErrors(e, setError);
      const description = errorCode(e) === 'RATE_LIMITED' ? errorMessage(e, SEND_FAILED) : SEND_FAILED;
      setFailure(description);
      toast({ title: 'Error', description, variant: 'error' });
    }
  });

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="feedback-title">
      <DialogTitle id="feedback-title">Send feedback</DialogTitle>
      <form noValidate onSubmit={send}>
        <DialogContent sx={{ pt: 0, display: 'flex', flexDirection: 'column', gap: 2.5 }}>
          <DialogContentText>Tell the studio team what works, what doesn’t, or what you’d love to see.</DialogContentText>
          {failure && <Alert severity="error">{failure}</Alert>}
          <FormTextField control={control} name="category" select label="Category">
            {FEEDBACK_CATEGORIES.map((c) => (
              <MenuItem key={c.value} value={c.value}>
                {c.label}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField
            control={control}
            name="message"
            label="Message"
            multiline
            minRows={4}
            maxRows={12}
            autoFocus
            helperText={`${message.length}/${MESSAGE_MAX}`}
            slotProps={{ htmlInput: { maxLength: MESSAGE_MAX } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={!message.trim() || loading}>
            {loading ? 'Sending…' : 'Send'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

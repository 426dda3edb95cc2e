import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { dialogFormSx } from './classFormat';

export interface FormDialogProps {
  title: ReactNode;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** A refusal that belongs to no one field (useSubmitRefusal's formError), shown above the fields. */
  formError?: string | null;
  /** A form-level message that is no refusal (nothing to save) is shown as information. */
  formErrorSeverity?: 'error' | 'info';
  /** While the form saves: the submit button is disabled and says `busyLabel`. */
  busy: boolean;
  busyLabel?: string;
  submitLabel: string;
  maxWidth?: 'xs' | 'sm' | 'md';
  closeLabel?: string;
  /** More buttons, between Close and the submit button (e.g. "Save as draft"). */
  actions?: ReactNode;
  /** Buttons apart from the others, at the start of the row (e.g. "Remove" what the form set before). */
  leadingActions?: ReactNode;
  /** The submit button in the error colour, for what cannot be undone (ending a membership). */
  destructive?: boolean;
  /** The submit button in the warning colour, for what is serious but can still be undone (a write-off). */
  cautious?: boolean;
  submitIcon?: ReactNode;
  /** Close and the submit button sized for a finger at the counter. */
  touch?: boolean;
  children: ReactNode;
}

const touchSx = (touch: boolean) => (touch ? { minHeight: 48 } : undefined);

/**
 * An admin form in a dialog: the title, the fields in one scrolling column with any form-level refusal above them,
 * and Close and the submit button below, always in view. Full screen on a phone.
 */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  formError,
  formErrorSeverity = 'error',
  busy,
  busyLabel = 'Saving…',
  submitLabel,
  maxWidth = 'sm',
  closeLabel = 'Close',
  actions,
  leadingActions,
  destructive = false,
  cautious = false,
  submitIcon,
  touch = false,
  children,
}: FormDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth={maxWidth} fullScreen={phone} aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Box component="form" noValidate onSubmit={onSubmit} sx={dialogFormSx}>
        <DialogContent sx={{ pt: '8px !important', display: 'grid', gap: 2.25, alignContent: 'start' }}>
          {formError && <Alert severity={formErrorSeverity}>{formError}</Alert>}
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', rowGap: 1 }}>
          {leadingActions && <Box sx={{ mr: 'auto', display: 'flex', gap: 1 }}>{leadingActions}</Box>}
          <Button onClick={onClose} sx={touchSx(touch)}>
            {closeLabel}
          </Button>
          {actions}
          <Button
            type="submit"
            variant="contained"
            color={destructive ? 'error' : cautious ? 'warning' : 'primary'}
            startIcon={submitIcon}
            disabled={busy}
            sx={touchSx(touch)}
          >
            {busy ? busyLabel : submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

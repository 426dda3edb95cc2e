import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { errorMessage, fieldErrorsOf } from '../../app/errors';
import { useToast } from '../../app/toast';
import { CheckInPinStateDocument } from './profile.generated';
import { useSetCheckInPin } from './useSetCheckInPin';

/** The same rules as the server: exactly four digits, not repeated or consecutive ones. */
export function checkInPinProblem(pin: string): string | null {
  if (!pin) return 'Enter a 4-digit PIN.';
  if (!/^\d{4}$/.test(pin)) return 'Use exactly 4 digits.';
  if (/^(\d)\1{3}$/.test(pin) || '0123456789'.includes(pin) || '9876543210'.includes(pin))
    return 'Too easy to guess: avoid repeated or consecutive digits.';
  return null;
}

type PinField = 'pin' | 'confirm';

/** Sets the PIN members type at the check-in kiosk (with their username). */
export function CheckInPinForm() {
  const { toast } = useToast();
  const { data } = useQuery(CheckInPinStateDocument);
  const [setPin, { loading }] = useSetCheckInPin();
  const [values, setValues] = useState({ pin: '', confirm: '' });
  const [errors, setErrors] = useState<Partial<Record<PinField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const hasPin = data?.myCheckIn.hasPin;

  const set = (f: PinField) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const digits = e.target.value.replace(/\D/g, '').slice(0, 4);
    setValues((v) => ({ ...v, [f]: digits }));
    setErrors((er) => ({ ...er, [f]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const problems: Partial<Record<PinField, string>> = {};
    const p = checkInPinProblem(values.pin);
    if (p) problems.pin = p;
    else if (values.confirm !== values.pin) problems.confirm = 'The PINs do not match.';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      await setPin({ variables: { pin: values.pin } });
      setValues({ pin: '', confirm: '' });
      toast({ title: 'Check-in PIN saved', description: 'Use it with your username at the front-desk kiosk.', variant: 'success' });
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields.pin) setErrors({ pin: fields.pin });
      else setFormError(errorMessage(err));
    }
  };

  const pinInput = { inputMode: 'numeric' as const, pattern: '[0-9]*', maxLength: 4, autoComplete: 'off' };
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.25 }}>
      {hasPin !== undefined && (
        <Typography variant="body2" color="text.secondary">
          {hasPin ? 'Your check-in PIN is set. Enter a new one to change it.' : 'You have no check-in PIN yet.'}
        </Typography>
      )}
      {formError && <Alert severity="error">{formError}</Alert>}
      <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label={hasPin ? 'New PIN' : 'PIN'}
          name="pin"
          type="password"
          required
          value={values.pin}
          onChange={set('pin')}
          error={Boolean(errors.pin)}
          helperText={errors.pin ?? '4 digits, not repeated or in a row.'}
          slotProps={{ htmlInput: pinInput }}
        />
        <TextField
          label="Confirm PIN"
          name="confirmPin"
          type="password"
          required
          value={values.confirm}
          onChange={set('confirm')}
          error={Boolean(errors.confirm)}
          helperText={errors.confirm}
          slotProps={{ htmlInput: pinInput }}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={loading}>
          {loading ? 'Saving…' : hasPin ? 'Change PIN' : 'Set PIN'}
        </Button>
      </Box>
    </Box>
  );
}

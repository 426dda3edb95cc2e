import { useQuery } from '@apollo/client/react';
import { newCheckInPin, PIN_LENGTH } from '@studio/rules';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../app/errors';
import { FormTextField, setServerErrors, useZodForm } from '../../app/forms';
import { useToast } from '../../app/toast';
import { CheckInPinStateDocument } from './profile.generated';
import { useSetCheckInPin } from './useSetCheckInPin';

/** The same rules as the server (exactly four digits, not repeated or consecutive ones), typed twice. */
const pinForm = z.object({ pin: newCheckInPin, confirm: z.string() }).superRefine(({ pin, confirm }, ctx) => {
  if (newCheckInPin.safeParse(pin).success && confirm !== pin) {
    ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'The PINs do not match.' });
  }
});

const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, PIN_LENGTH);

/** Sets the PIN members type at the check-in kiosk (with their username). */
export function CheckInPinForm() {
  const { toast } = useToast();
  const { data } = useQuery(CheckInPinStateDocument);
  const [setPin, { loading }] = useSetCheckInPin();
  const { control, handleSubmit, setError, reset } = useZodForm(pinForm, { defaultValues: { pin: '', confirm: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const hasPin = data?.myCheckIn.hasPin;

  const submit = handleSubmit(async ({ pin }) => {
    setFormError(null);
    try {
      await setPin({ variables: { pin } });
      reset({ pin: '', confirm: '' });
      toast({ title: 'Check-in PIN saved', description: 'Use it with your username at the front-desk kiosk.', variant: 'success' });
    } catch (err) {
      if (!setServerErrors(err, setError).pin) setFormError(errorMessage(err));
    }
  });

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
        <FormTextField
          control={control}
          name="pin"
          label={hasPin ? 'New PIN' : 'PIN'}
          type="password"
          required
          transform={digitsOnly}
          helperText="4 digits, not repeated or in a row."
          slotProps={{ htmlInput: pinInput }}
        />
        <FormTextField
          control={control}
          name="confirm"
          label="Confirm PIN"
          type="password"
          required
          transform={digitsOnly}
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

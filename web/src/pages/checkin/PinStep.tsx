import { loginUsername } from '@studio/rules';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { z } from 'zod';
import { errorMessage } from '../../app/errors';
import { FormTextField, setServerErrors, useZodForm } from '../../app/forms';
import type { KioskSessionFragment } from './checkin.generated';
import { StepFrame } from './KioskFrame';
import { FormPinField, typedPin } from './PinKeypad';
import { useKioskSignIn } from './useKioskSignIn';

const pinSignInForm = z.object({ username: z.string().trim().pipe(loginUsername), pin: typedPin });

/** Username and the member's 4-digit PIN. */
export function PinStep({ onIdentified, onBack }: { onIdentified: (s: KioskSessionFragment) => void; onBack: () => void }) {
  const { control, handleSubmit, setError, setValue } = useZodForm(pinSignInForm, { defaultValues: { username: '', pin: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const [signIn, { loading }] = useKioskSignIn();

  const submit = handleSubmit(async ({ username, pin }) => {
    setFormError(null);
    try {
      const { data } = await signIn({ variables: { username, pin } });
      if (data) onIdentified(data.kioskSignIn);
    } catch (error) {
      setValue('pin', '');
      const fields = setServerErrors(error, setError);
      if (!fields.pin && !fields.username) setFormError(errorMessage(error, 'Could not check you in. Please try again.'));
    }
  });

  return (
    <StepFrame title="Check in with your PIN" onBack={onBack}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 3, maxWidth: 460, mx: 'auto' }}>
        {formError && (
          <Alert severity="error" role="alert" sx={{ fontSize: 16 }}>
            {formError}
          </Alert>
        )}
        <FormTextField
          control={control}
          name="username"
          label="Username"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          slotProps={{ htmlInput: { style: { fontSize: 22, paddingBlock: 18 } } }}
          required
        />
        <FormPinField control={control} id="pin" label="Your 4-digit check-in PIN" disabled={loading} />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={loading}
          sx={{ minHeight: 64, fontSize: 20, borderRadius: '18px' }}
        >
          {loading ? 'Checking…' : 'Continue'}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          Set or change your PIN on your profile page in the app.
        </Typography>
      </Box>
    </StepFrame>
  );
}

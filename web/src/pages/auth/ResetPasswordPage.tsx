import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../app/errors';
import { setServerErrors, useZodForm } from '../../app/forms';
import { ConfirmPasswordField, NewPasswordField } from '../../components/AccountFields';
import { AuthLayout } from './AuthLayout';
import { resetPasswordForm } from './authForms';
import { useResetPassword } from './useResetPassword';

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { control, handleSubmit, setError } = useZodForm(resetPasswordForm, { defaultValues: { password: '', confirm: '' } });
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [reset, { loading }] = useResetPassword();

  const requestAgain = (
    <Link component={RouterLink} to="/forgot-password" sx={{ fontWeight: 'fontWeightBold' }}>
      Request a new link
    </Link>
  );

  if (!token) {
    return (
      <AuthLayout title="Reset link incomplete">
        <Alert severity="warning">
          This page needs the link from your reset email. Open the link in the email again, or ask for a new one.
        </Alert>
        <Box sx={{ textAlign: 'center', mt: 3 }}>{requestAgain}</Box>
      </AuthLayout>
    );
  }

  if (done) {
    return (
      <AuthLayout title="Password changed">
        <Box sx={{ textAlign: 'center' }} role="status">
          <CheckCircleRounded color="success" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
          <Typography>Your password has been changed and every old session was signed out. Sign in with your new password.</Typography>
          <Button component={RouterLink} to="/login" variant="contained" size="large" sx={{ mt: 3 }}>
            Sign in
          </Button>
        </Box>
      </AuthLayout>
    );
  }

  const submit = handleSubmit(async ({ password }) => {
    setFormError(null);
    try {
      await reset({ variables: { token, password } });
      setDone(true);
    } catch (err) {
      const fields = setServerErrors(err, setError);
      if (fields.token) setTokenError(fields.token);
      if (!fields.token && !fields.password) setFormError(errorMessage(err));
    }
  });

  return (
    <AuthLayout title="Choose a new password" subtitle="Use at least 10 characters that you don’t use anywhere else.">
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2.25 }}>
        {tokenError && (
          <Alert severity="error" role="alert">
            {tokenError} {requestAgain}
          </Alert>
        )}
        {formError && <Alert severity="error">{formError}</Alert>}
        <NewPasswordField control={control} label="New password" autoFocus />
        <ConfirmPasswordField control={control} label="Confirm new password" />
        <Button type="submit" variant="contained" size="large" disabled={loading}>
          {loading ? 'Saving…' : 'Change password'}
        </Button>
      </Box>
    </AuthLayout>
  );
}

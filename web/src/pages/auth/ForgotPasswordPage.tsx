import MarkEmailReadRounded from '@mui/icons-material/MarkEmailReadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../app/errors';
import { setServerErrors, useZodForm } from '../../app/forms';
import { OwnEmailField } from '../../components/AccountFields';
import { AuthLayout } from './AuthLayout';
import { forgotPasswordForm } from './authForms';
import { useRequestPasswordReset } from './useRequestPasswordReset';

export default function ForgotPasswordPage() {
  const { control, handleSubmit, setError } = useZodForm(forgotPasswordForm, { defaultValues: { email: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [request, { loading }] = useRequestPasswordReset();

  const submit = handleSubmit(async ({ email }) => {
    setFormError(null);
    try {
      await request({ variables: { email } });
      setSentTo(email);
    } catch (err) {
      if (!setServerErrors(err, setError).email) setFormError(errorMessage(err));
    }
  });

  const footer = (
    <>
      Remembered it?{' '}
      <Link component={RouterLink} to="/login" sx={{ fontWeight: 'fontWeightBold' }}>
        Back to sign in
      </Link>
    </>
  );

  if (sentTo) {
    return (
      <AuthLayout title="Check your email" footer={footer}>
        <Box sx={{ textAlign: 'center' }} role="status">
          <MarkEmailReadRounded color="primary" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
          <Typography>
            If an account uses <strong>{sentTo}</strong>, we’ve sent it a link to choose a new password. The link works for one hour.
          </Typography>
          <Typography color="text.secondary" variant="body2" sx={{ mt: 2 }}>
            No email? Check your spam folder, or try again in a few minutes.
          </Typography>
          <Button sx={{ mt: 3 }} onClick={() => setSentTo(null)}>
            Use a different email
          </Button>
        </Box>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot your password?" subtitle="Enter the email on your account and we’ll send you a reset link." footer={footer}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2.25 }}>
        {formError && <Alert severity="error">{formError}</Alert>}
        <OwnEmailField control={control} autoFocus />
        <Button type="submit" variant="contained" size="large" disabled={loading}>
          {loading ? 'Sending…' : 'Send reset link'}
        </Button>
      </Box>
    </AuthLayout>
  );
}

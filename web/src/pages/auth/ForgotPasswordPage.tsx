import MarkEmailReadRounded from '@mui/icons-material/MarkEmailReadRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage, fieldErrorsOf } from '../../app/errors';
import { AuthLayout } from './AuthLayout';
import { emailProblem } from './validation';
import { useRequestPasswordReset } from './useRequestPasswordReset';

export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [request, { loading }] = useRequestPasswordReset();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const problem = emailProblem(email);
    setError(problem);
    if (problem) return;
    try {
      await request({ variables: { email: email.trim() } });
      setSentTo(email.trim());
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (fields.email) setError(fields.email);
      else setFormError(errorMessage(err));
    }
  };

  const footer = (
    <>
      Remembered it?{' '}
      <Link component={RouterLink} to="/login" sx={{ fontWeight: 700 }}>
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
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          autoFocus
          required
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
          error={Boolean(error)}
          helperText={error}
        />
        <Button type="submit" variant="contained" size="large" disabled={loading}>
          {loading ? 'Sending…' : 'Send reset link'}
        </Button>
      </Box>
    </AuthLayout>
  );
}

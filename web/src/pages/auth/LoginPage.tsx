import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { errorCode, errorMessage, fieldErrorsOf } from '../../app/errors';
import { useAuth } from '../../app/session';
import { PasswordField } from '../../components/PasswordField';
import { AuthLayout } from './AuthLayout';

type Field = 'username' | 'password';

/** Where to return after signing in (`?next=`): only paths inside this app. */
export function safeNextPath(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\') || next.startsWith('/login')) return null;
  return next;
}

export default function LoginPage() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problems: Partial<Record<Field, string>> = {};
    if (!values.username.trim()) problems.username = 'Enter your username.';
    if (!values.password) problems.password = 'Enter your password.';
    setErrors(problems);
    setFormError(null);
    if (Object.keys(problems).length) return;
    setSubmitting(true);
    try {
      const payload = await login(values.username.trim(), values.password);
      // A page that sent the visitor here (the calendar's Book) gets them back, unless the waiver comes first.
      if (next && payload.user.waiverSigned) navigate(next, { replace: true });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors({ username: fields.username, password: fields.password });
      const code = errorCode(error);
      if (!fields.username && !fields.password) {
        setFormError(
          code === 'UNAUTHENTICATED' || code === 'RATE_LIMITED'
            ? errorMessage(error)
            : errorMessage(error, 'Could not sign in. Please try again.'),
        );
      }
      setSubmitting(false);
    }
  };

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to book classes, sign waivers and follow your progress."
      footer={
        <>
          New to the studio?{' '}
          <Link component={RouterLink} to="/register" sx={{ fontWeight: 700 }}>
            Create an account
          </Link>
        </>
      }
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2.25 }}>
        {formError && (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        )}
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoFocus
          value={values.username}
          onChange={set('username')}
          error={Boolean(errors.username)}
          helperText={errors.username}
          required
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          error={Boolean(errors.password)}
          helperText={errors.password}
          required
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ fontWeight: 600 }}>
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          {submitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </Box>
    </AuthLayout>
  );
}

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { errorCode, errorMessage } from '../../app/errors';
import { FormTextField, setServerErrors, useZodForm } from '../../app/forms';
import { useAuth } from '../../app/session';
import { PasswordField } from '../../components/PasswordField';
import { AuthLayout } from './AuthLayout';
import { loginForm } from './authForms';

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
  const { control, handleSubmit, setError, formState } = useZodForm(loginForm, { defaultValues: { username: '', password: '' } });
  const [formError, setFormError] = useState<string | null>(null);

  const submit = handleSubmit(async ({ username, password }) => {
    setFormError(null);
    try {
      const payload = await login(username, password);
      // A page that sent the visitor here (the calendar's Book) gets them back, unless the waiver comes first.
      if (next && payload.user.waiverSigned) navigate(next, { replace: true });
    } catch (error) {
      const fields = setServerErrors(error, setError);
      const code = errorCode(error);
      if (!fields.username && !fields.password) {
        setFormError(
          code === 'UNAUTHENTICATED' || code === 'RATE_LIMITED'
            ? errorMessage(error)
            : errorMessage(error, 'Could not sign in. Please try again.'),
        );
      }
    }
  });

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to book classes, sign waivers and follow your progress."
      footer={
        <>
          New to the studio?{' '}
          <Link component={RouterLink} to="/register" sx={{ fontWeight: 'fontWeightBold' }}>
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
        <FormTextField control={control} name="username" label="Username" autoComplete="username" autoFocus required />
        <FormTextField control={control} name="password" as={PasswordField} label="Password" autoComplete="current-password" required />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: -1 }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ fontWeight: 'fontWeightSemiBold' }}>
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Signing in…' : 'Sign in'}
        </Button>
      </Box>
    </AuthLayout>
  );
}

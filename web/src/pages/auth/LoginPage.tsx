import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useEffect, useState } from 'react';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router-dom';
import { errorCode, errorMessage } from '../../app/errors';
import { FormTextField, setServerErrors, useZodForm } from '../../app/forms';
import { afterSignInPath, RETURN_PARAM } from '../../app/returnTo';
import { loadSessionActions, useAuth } from '../../app/session';
import { hasStoredToken } from '../../app/storage';
import { PasswordField } from '../../components/PasswordField';
import { AuthLayout } from './AuthLayout';
import { loginForm } from './authForms';

export default function LoginPage() {
  const { login, user, isAuthenticated } = useAuth();
  const [searchParams] = useSearchParams();
  // The page that sent the visitor here (route guard, the calendar's Book); login() checks it is one of ours.
  const next = searchParams.get(RETURN_PARAM);
  const { control, handleSubmit, setError, formState } = useZodForm(loginForm, { defaultValues: { username: '', password: '' } });
  const [formError, setFormError] = useState<string | null>(null);
  // Signing in needs its mutation: it loads while the visitor types (should that fail, signing in tries again).
  useEffect(() => {
    loadSessionActions().catch(() => undefined);
  }, []);

  const submit = handleSubmit(async ({ username, password }) => {
    setFormError(null);
    try {
      await login(username, password, next);
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

  // Someone already signed in has nothing to do here: on to the page they came for, as signing in would. Only with
  // the token still stored: the guard sends a session whose token another tab removed here, and must not be sent back.
  if (isAuthenticated && user && hasStoredToken()) return <Navigate to={afterSignInPath(user, next)} replace />;

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

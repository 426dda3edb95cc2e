import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../app/errors';
import { FormTextField, setServerErrors, useZodForm } from '../../app/forms';
import { BirthdayField, NewPasswordField, OwnEmailField, UsernameField } from '../../components/AccountFields';
import { useAuth } from '../../app/session';
import { AcceptInvitePage } from './AcceptInvitePage';
import { AuthLayout } from './AuthLayout';
import { registrationForm } from './authForms';
import { todayIso } from '../../app/dates';
import { useRegister } from './useRegister';

/** /register: a new account, or (with `?invite=`, from a parent's email) an adult family member's own login. */
export default function RegisterPage() {
  const [params] = useSearchParams();
  const invite = params.get('invite');
  return invite ? <AcceptInvitePage token={invite} /> : <NewAccountForm />;
}

function NewAccountForm() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [register, { loading }] = useRegister();
  const today = todayIso();
  const { control, handleSubmit, setError, watch } = useZodForm(registrationForm(today), {
    defaultValues: { firstName: '', lastName: '', username: '', email: '', password: '', birthday: '', isParentOrGuardian: false },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const isParentOrGuardian = watch('isParentOrGuardian');

  const submit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      const { data } = await register({ variables: { input } });
      const payload = data!.register;
      signIn(payload);
      navigate(payload.user.waiverSigned ? '/dashboard' : '/waiver');
    } catch (error) {
      const fields = setServerErrors(error, setError);
      if (!Object.keys(fields).length) setFormError(errorMessage(error, 'Could not create your account. Please try again.'));
    }
  });

  return (
    <AuthLayout
      wide
      title="Create your account"
      subtitle="Join the studio to book classes and sign your waiver online."
      footer={
        <>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login" sx={{ fontWeight: 'fontWeightBold' }}>
            Sign in
          </Link>
        </>
      }
    >
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
      >
        {formError && (
          <Alert severity="error" role="alert" sx={{ gridColumn: '1 / -1' }}>
            {formError}
          </Alert>
        )}
        <FormTextField control={control} name="firstName" label="First name" autoComplete="given-name" autoFocus required />
        <FormTextField control={control} name="lastName" label="Last name" autoComplete="family-name" required />
        <UsernameField control={control} sx={{ gridColumn: '1 / -1' }} />
        <OwnEmailField control={control} sx={{ gridColumn: '1 / -1' }} />
        <NewPasswordField control={control} sx={{ gridColumn: '1 / -1' }} />
        <BirthdayField control={control} today={today} sx={{ gridColumn: '1 / -1' }} />
        <Box
          sx={{
            gridColumn: '1 / -1',
            border: 1,
            borderColor: isParentOrGuardian ? 'primary.main' : 'divider',
            borderRadius: '12px',
            px: 1.5,
            py: 1,
            transition: 'border-color 120ms',
          }}
        >
          <FormControlLabel
            control={
              <Controller
                control={control}
                name="isParentOrGuardian"
                render={({ field }) => <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
              />
            }
            label="I am a parent or guardian"
            slotProps={{ typography: { sx: { fontWeight: 'fontWeightSemiBold' } } }}
          />
          <FormHelperText sx={{ mt: 0, ml: 4.5, mb: 0.5 }}>
            Add your children as family members and sign waivers and book classes for those under 18.
          </FormHelperText>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={loading} sx={{ gridColumn: '1 / -1', mt: 0.5 }}>
          {loading ? 'Creating your account…' : 'Create account'}
        </Button>
      </Box>
    </AuthLayout>
  );
}

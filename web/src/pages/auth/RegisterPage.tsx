import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { errorMessage, fieldErrorsOf } from '../../app/errors';
import { useAuth } from '../../app/session';
import { PasswordField } from '../../components/PasswordField';
import { AuthLayout } from './AuthLayout';
import { ageOn, birthdayProblem, emailProblem, nameProblem, passwordProblem, todayIso, usernameProblem } from './validation';
import { useRegister } from './useRegister';

type Field = 'firstName' | 'lastName' | 'username' | 'email' | 'password' | 'birthday';

export function validateRegistration(
  values: Record<Field, string> & { isParentOrGuardian: boolean },
  today = new Date(),
): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  const put = (field: Field, problem: string | null) => {
    if (problem) problems[field] = problem;
  };
  put('firstName', nameProblem(values.firstName));
  put('lastName', nameProblem(values.lastName));
  put('username', usernameProblem(values.username));
  put('email', emailProblem(values.email));
  put('password', passwordProblem(values.password));
  if (!problems.password && values.username.trim() && values.password.toLowerCase().includes(values.username.trim().toLowerCase())) {
    problems.password = 'Your password must not contain your username.';
  }
  put('birthday', birthdayProblem(values.birthday, today));
  if (!problems.birthday) {
    const age = ageOn(values.birthday, today);
    if (values.isParentOrGuardian && age < 18) problems.birthday = 'A parent or guardian must be 18 or older.';
    else if (!values.isParentOrGuardian && age < 13)
      problems.birthday = 'You must be at least 13 to have your own account; a parent can add you as a family member.';
  }
  return problems;
}

export default function RegisterPage() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [register, { loading }] = useRegister();
  const [values, setValues] = useState({
    firstName: '',
    lastName: '',
    username: '',
    email: '',
    password: '',
    birthday: '',
    isParentOrGuardian: false,
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const set = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((er) => ({ ...er, [field]: undefined }));
  };
  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: set(name),
    error: Boolean(errors[name]),
    helperText: errors[name],
    required: true,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const problems = validateRegistration(values);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const { data } = await register({
        variables: {
          input: {
            firstName: values.firstName.trim(),
            lastName: values.lastName.trim(),
            username: values.username.trim(),
            email: values.email.trim(),
            password: values.password,
            birthday: values.birthday,
            isParentOrGuardian: values.isParentOrGuardian,
          },
        },
      });
      const payload = data!.register;
      signIn(payload);
      navigate(payload.user.waiverSigned ? '/dashboard' : '/waiver');
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!Object.keys(fields).length) setFormError(errorMessage(error, 'Could not create your account. Please try again.'));
    }
  };

  return (
    <AuthLayout
      wide
      title="Create your account"
      subtitle="Join the studio to book classes and sign your waiver online."
      footer={
        <>
          Already have an account?{' '}
          <Link component={RouterLink} to="/login" sx={{ fontWeight: 700 }}>
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
        <TextField label="First name" autoComplete="given-name" autoFocus {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" {...field('lastName')} />
        <TextField
          label="Username"
          autoComplete="username"
          {...field('username')}
          helperText={errors.username ?? 'Letters, digits, dots, dashes or underscores.'}
          sx={{ gridColumn: '1 / -1' }}
        />
        <TextField label="Email" type="email" autoComplete="email" {...field('email')} sx={{ gridColumn: '1 / -1' }} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          {...field('password')}
          helperText={errors.password ?? 'At least 10 characters.'}
          sx={{ gridColumn: '1 / -1' }}
        />
        <TextField
          label="Birthday"
          type="date"
          {...field('birthday')}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayIso() } }}
          sx={{ gridColumn: '1 / -1' }}
        />
        <Box
          sx={{
            gridColumn: '1 / -1',
            border: 1,
            borderColor: values.isParentOrGuardian ? 'primary.main' : 'divider',
            borderRadius: '12px',
            px: 1.5,
            py: 1,
            transition: 'border-color 120ms',
          }}
        >
          <FormControlLabel
            control={
              <Checkbox
                checked={values.isParentOrGuardian}
                onChange={(e) => setValues((v) => ({ ...v, isParentOrGuardian: e.target.checked }))}
              />
            }
            label="I am a parent or guardian"
            slotProps={{ typography: { sx: { fontWeight: 600 } } }}
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

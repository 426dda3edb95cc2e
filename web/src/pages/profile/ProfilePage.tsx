import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { errorMessage, fieldErrorsOf } from '../../app/errors';
import { useAuth, type SessionUser } from '../../app/session';
import { useToast } from '../../app/toast';
import { initials, roleLabels } from '../../components/userLabels';
import { PageFrame } from '../../components/PageFrame';
import { PasswordField } from '../../components/PasswordField';
import { CheckInPinForm } from './CheckInPinForm';
import { birthdayProblem, emailProblem, nameProblem, passwordProblem, todayIso } from '../auth/validation';
import { useChangePassword } from './useChangePassword';
import { useUpdateProfile } from './useUpdateProfile';

function Section({ id, title, line, children }: { id: string; title: string; line: string; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ p: { xs: 2.5, sm: 3.5 } }}>
      <Box sx={{ display: 'grid', gap: { xs: 2, md: 4 }, gridTemplateColumns: { xs: '1fr', md: '240px 1fr' } }}>
        <Box>
          <Typography id={id} component="h2" variant="h6">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {line}
          </Typography>
        </Box>
        <Box>{children}</Box>
      </Box>
    </Card>
  );
}

type DetailField = 'firstName' | 'lastName' | 'email' | 'birthday';

function DetailsForm({ user }: { user: SessionUser }) {
  const { toast } = useToast();
  const [update, { loading }] = useUpdateProfile();
  const initial = { firstName: user.firstName, lastName: user.lastName, email: user.email ?? '', birthday: user.birthday };
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<DetailField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => {
    setValues({ firstName: user.firstName, lastName: user.lastName, email: user.email ?? '', birthday: user.birthday });
  }, [user.firstName, user.lastName, user.email, user.birthday]);

  const changed = (Object.keys(values) as DetailField[]).filter((k) => values[k].trim() !== (initial[k] ?? '').trim());
  const set = (f: DetailField) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [f]: e.target.value }));
    setErrors((er) => ({ ...er, [f]: undefined }));
  };
  const field = (f: DetailField) => ({ name: f, value: values[f], onChange: set(f), error: Boolean(errors[f]), helperText: errors[f] });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const problems: Partial<Record<DetailField, string>> = {};
    const put = (f: DetailField, p: string | null) => p && (problems[f] = p);
    put('firstName', nameProblem(values.firstName));
    put('lastName', nameProblem(values.lastName));
    put('email', emailProblem(values.email));
    put('birthday', birthdayProblem(values.birthday));
    setErrors(problems);
    if (Object.keys(problems).length || !changed.length) return;
    const input = Object.fromEntries(changed.map((k) => [k, values[k].trim()]));
    try {
      await update({ variables: { input } });
      toast({ title: 'Profile saved', description: 'Your details are up to date.', variant: 'success' });
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(fields);
      if (!Object.keys(fields).length) setFormError(errorMessage(err));
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
    >
      {formError && (
        <Alert severity="error" sx={{ gridColumn: '1 / -1' }}>
          {formError}
        </Alert>
      )}
      <TextField label="First name" autoComplete="given-name" required {...field('firstName')} />
      <TextField label="Last name" autoComplete="family-name" required {...field('lastName')} />
      <TextField label="Email" type="email" autoComplete="email" required {...field('email')} sx={{ gridColumn: '1 / -1' }} />
      <TextField
        label="Birthday"
        type="date"
        required
        {...field('birthday')}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: todayIso() } }}
      />
      <TextField
        label="Username"
        value={user.username ?? ''}
        slotProps={{ htmlInput: { readOnly: true } }}
        helperText="Read only. Ask the studio to change it."
      />
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button
          disabled={!changed.length || loading}
          onClick={() => {
            setValues(initial);
            setErrors({});
          }}
        >
          Reset
        </Button>
        <Button type="submit" variant="contained" disabled={!changed.length || loading}>
          {loading ? 'Saving…' : 'Save changes'}
        </Button>
      </Box>
    </Box>
  );
}

type PasswordFieldName = 'currentPassword' | 'newPassword' | 'confirm';

function PasswordForm() {
  const { replaceToken } = useAuth();
  const { toast } = useToast();
  const [change, { loading }] = useChangePassword();
  const empty = { currentPassword: '', newPassword: '', confirm: '' };
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<PasswordFieldName, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const set = (f: PasswordFieldName) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [f]: e.target.value }));
    setErrors((er) => ({ ...er, [f]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const problems: Partial<Record<PasswordFieldName, string>> = {};
    if (!values.currentPassword) problems.currentPassword = 'Enter your current password.';
    const p = passwordProblem(values.newPassword);
    if (p) problems.newPassword = p;
    if (values.confirm !== values.newPassword) problems.confirm = 'The passwords do not match.';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    try {
      const { data } = await change({ variables: { input: { currentPassword: values.currentPassword, newPassword: values.newPassword } } });
      replaceToken(data!.changePassword.token);
      setValues(empty);
      toast({ title: 'Password changed', description: 'Your other devices were signed out.', variant: 'success' });
    } catch (err) {
      const fields = fieldErrorsOf(err);
      setErrors(fields);
      if (!Object.keys(fields).length) setFormError(errorMessage(err));
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.25 }}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <PasswordField
        label="Current password"
        name="currentPassword"
        autoComplete="current-password"
        required
        value={values.currentPassword}
        onChange={set('currentPassword')}
        error={Boolean(errors.currentPassword)}
        helperText={errors.currentPassword}
      />
      <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <PasswordField
          label="New password"
          name="newPassword"
          autoComplete="new-password"
          required
          value={values.newPassword}
          onChange={set('newPassword')}
          error={Boolean(errors.newPassword)}
          helperText={errors.newPassword ?? 'At least 10 characters.'}
        />
        <PasswordField
          label="Confirm new password"
          name="confirm"
          autoComplete="new-password"
          required
          value={values.confirm}
          onChange={set('confirm')}
          error={Boolean(errors.confirm)}
          helperText={errors.confirm}
        />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={loading}>
          {loading ? 'Changing…' : 'Change password'}
        </Button>
      </Box>
    </Box>
  );
}

export default function ProfilePage() {
  const { user } = useAuth();
  const { hash } = useLocation();
  useEffect(() => {
    if (hash && user) document.getElementById(hash.slice(1))?.scrollIntoView?.({ block: 'start' });
  }, [hash, user]);
  if (!user) return null;
  return (
    <PageFrame title="Profile" subtitle="Your details and sign-in settings." maxWidth="md">
      <Card sx={{ p: { xs: 2.5, sm: 3 }, mb: 3, display: 'flex', alignItems: 'center', gap: 2 }}>
        <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontWeight: 800, fontSize: 20 }}>{initials(user)}</Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: 700, fontSize: 18 }} noWrap>
            {user.firstName} {user.lastName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.username ? `@${user.username}` : ''} {user.email ? `· ${user.email}` : ''}
          </Typography>
        </Box>
        <Chip label={roleLabels[user.role] ?? user.role} color="primary" variant="outlined" />
      </Card>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Section id="details-title" title="Personal details" line="Your name, email and birthday as the studio sees them.">
          <DetailsForm user={user} />
        </Section>
        <Section id="password-title" title="Password" line="Changing it signs you out everywhere else.">
          <PasswordForm />
        </Section>
        <Box id="check-in-pin" sx={{ scrollMarginTop: 96 }}>
          <Section
            id="check-in-pin-title"
            title="Check-in PIN"
            line="Type it with your username at the front-desk kiosk, or show the QR code from your dashboard."
          >
            <CheckInPinForm />
          </Section>
        </Box>
      </Box>
    </PageFrame>
  );
}

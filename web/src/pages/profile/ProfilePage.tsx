import { fullName } from '@studio/rules';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { errorMessage } from '../../app/errors';
import { FormTextField, setServerErrors, useZodForm } from '../../app/forms';
import { BirthdayField, ConfirmPasswordField, NewPasswordField, OwnEmailField } from '../../components/AccountFields';
import { useAuth, type SessionUser } from '../../app/session';
import { useToast } from '../../app/toast';
import { hasInstructorProfile, initials, roleLabels } from '../../components/userLabels';
import { PageFrame } from '../../components/PageFrame';
import { PasswordField } from '../../components/PasswordField';
import { InstructorProfileEditor } from '../../components/instructors/InstructorProfileEditor';
import { CalendarFeedSection } from './CalendarFeedSection';
import { CheckInPinForm } from './CheckInPinForm';
import { NotificationEmailsSection } from './NotificationEmailsSection';
import { InvoicesSection } from './InvoicesSection';
import { HealthSection } from './HealthSection';
import { MyDataSection } from './MyDataSection';
import { OrdersSection } from './OrdersSection';
import { SessionsSection } from './SessionsSection';
import { changePasswordForm, profileDetailsForm } from '../auth/authForms';
import { todayIso } from '../../app/dates';
import { useChangePassword } from './useChangePassword';
import { useUpdateProfile } from './useUpdateProfile';
import { MyPhoneDocument } from './profile.generated';
import { useQuery } from '@apollo/client/react';

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

type Details = { firstName: string; lastName: string; email: string; phone: string; birthday: string };

function DetailsForm({ user }: { user: SessionUser }) {
  const { toast } = useToast();
  const [update, { loading }] = useUpdateProfile();
  const phone = useQuery(MyPhoneDocument).data?.me?.phone ?? '';
  const today = todayIso();
  const initial: Details = { firstName: user.firstName, lastName: user.lastName, email: user.email ?? '', phone, birthday: user.birthday };
  const { control, handleSubmit, setError, reset, watch } = useZodForm(profileDetailsForm(today), { defaultValues: initial });
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(() => {
    reset({ firstName: user.firstName, lastName: user.lastName, email: user.email ?? '', phone, birthday: user.birthday });
  }, [reset, user.firstName, user.lastName, user.email, phone, user.birthday]);

  const values = watch();
  const changed = (Object.keys(initial) as (keyof Details)[]).filter((k) => values[k].trim() !== initial[k].trim());

  const submit = handleSubmit(async (checked) => {
    setFormError(null);
    if (!changed.length) return;
    const input = Object.fromEntries(changed.map((k) => [k, checked[k]]));
    try {
      await update({ variables: { input } });
      toast({ title: 'Profile saved', description: 'Your details are up to date.', variant: 'success' });
    } catch (err) {
      const fields = setServerErrors(err, setError);
      if (!Object.keys(fields).length) setFormError(errorMessage(err));
    }
  });

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
      <FormTextField control={control} name="firstName" label="First name" autoComplete="given-name" required />
      <FormTextField control={control} name="lastName" label="Last name" autoComplete="family-name" required />
      <OwnEmailField control={control} sx={{ gridColumn: '1 / -1' }} />
      <FormTextField control={control} name="phone" label="Phone" type="tel" autoComplete="tel" />
      <BirthdayField control={control} today={today} />
      <TextField
        label="Username"
        value={user.username ?? ''}
        slotProps={{ htmlInput: { readOnly: true } }}
        helperText="Read only. Ask the studio to change it."
      />
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button disabled={!changed.length || loading} onClick={() => reset(initial)}>
          Reset
        </Button>
        <Button type="submit" variant="contained" disabled={!changed.length || loading}>
          {loading ? 'Saving…' : 'Save changes'}
        </Button>
      </Box>
    </Box>
  );
}

function PasswordForm() {
  const { replaceToken } = useAuth();
  const { toast } = useToast();
  const [change, { loading }] = useChangePassword();
  const empty = { currentPassword: '', newPassword: '', confirm: '' };
  const { control, handleSubmit, setError, reset } = useZodForm(changePasswordForm, { defaultValues: empty });
  const [formError, setFormError] = useState<string | null>(null);

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(null);
    try {
      const { data } = await change({ variables: { input: { currentPassword, newPassword } } });
      replaceToken(data!.changePassword.token);
      reset(empty);
      toast({ title: 'Password changed', description: 'Your other devices were signed out.', variant: 'success' });
    } catch (err) {
      const fields = setServerErrors(err, setError);
      if (!Object.keys(fields).length) setFormError(errorMessage(err));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2.25 }}>
      {formError && <Alert severity="error">{formError}</Alert>}
      <FormTextField
        control={control}
        name="currentPassword"
        as={PasswordField}
        label="Current password"
        autoComplete="current-password"
        required
      />
      <Box sx={{ display: 'grid', gap: 2.25, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <NewPasswordField control={control} name="newPassword" label="New password" />
        <ConfirmPasswordField control={control} label="Confirm new password" />
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
        <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontWeight: 'fontWeightExtraBold', fontSize: 20 }}>
          {initials(user)}
        </Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography sx={{ fontWeight: 'fontWeightBold', fontSize: 18 }} noWrap>
            {fullName(user)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.username ? `@${user.username}` : ''} {user.email ? `· ${user.email}` : ''}
          </Typography>
        </Box>
        <Chip label={roleLabels[user.role] ?? user.role} color="primary" variant="outlined" />
      </Card>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <Section id="details-title" title="Personal details" line="Your name, email, phone and birthday as the studio sees them.">
          <DetailsForm user={user} />
        </Section>
        <Section id="password-title" title="Password" line="Changing it signs you out everywhere else.">
          <PasswordForm />
        </Section>
        {hasInstructorProfile(user.role) && (
          <Box id="instructor-profile" sx={{ scrollMarginTop: 96 }}>
            <Section
              id="instructor-profile-title"
              title="Instructor profile"
              line="Your photo, bio and the apparatus you teach, as members see them on class details."
            >
              <InstructorProfileEditor userId={user.id} />
            </Section>
          </Box>
        )}
        <Box id="calendar" sx={{ scrollMarginTop: 96 }}>
          <Section id="calendar-title" title="Calendar" line="Your booked classes in your own calendar app.">
            <CalendarFeedSection hasFamily={user.familyMembers.length > 0} teaches={hasInstructorProfile(user.role)} />
          </Section>
        </Box>
        <Box id="notifications" sx={{ scrollMarginTop: 96 }}>
          <Section
            id="notifications-title"
            title="Notification emails"
            line="Every notification shows in the app. Choose which ones also come by email."
          >
            <NotificationEmailsSection email={user.email ?? null} />
          </Section>
        </Box>
        <Box id="health" sx={{ scrollMarginTop: 96 }}>
          <Section
            id="health-title"
            title="Health and emergency"
            line="Allergies, medical notes and who to call: the instructors of your classes see them on their roster."
          >
            <HealthSection />
          </Section>
        </Box>
        <Box id="invoices" sx={{ scrollMarginTop: 96 }}>
          <Section id="invoices-title" title="Invoices" line="Bills from the studio: pay open ones online and download any as a PDF.">
            <InvoicesSection viewerId={user.id} />
          </Section>
        </Box>
        <Section id="orders-title" title="Orders and receipts" line="What you paid for online, with a receipt for each order.">
          <OrdersSection />
        </Section>
        <Section id="devices-title" title="Devices" line="Where you are signed in. End a session you do not recognise.">
          <SessionsSection />
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
        <Section
          id="my-data-title"
          title="Your data"
          line="Everything the studio holds about you and your family (bookings, orders, memberships, moves, waivers) as one JSON file."
        >
          <MyDataSection />
        </Section>
      </Box>
    </PageFrame>
  );
}

import { fullName } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { formatTimestampDay } from '../../app/dates';
import { errorMessage } from '../../app/errors';
import { setServerErrors, useZodForm } from '../../app/forms';
import { ConfirmPasswordField, NewPasswordField, UsernameField } from '../../components/AccountFields';
import { useAuth } from '../../app/session';
import { FamilyInviteLinkDocument } from './acceptInvite.generated';
import { AuthLayout } from './AuthLayout';
import { acceptInviteForm } from './authForms';
import { useAcceptFamilyInvite } from './useAcceptFamilyInvite';

/**
 * /register?invite=…: an adult family member (invited by their parent from /family) picks a username and password.
 * Their family record becomes their account, then they sign their own waiver.
 */
export function AcceptInvitePage({ token }: { token: string }) {
  const { user, logout } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const { data, loading, error } = useQuery(FamilyInviteLinkDocument, { variables: { token }, fetchPolicy: 'network-only' });
  const invite = data?.familyInvite;

  if (loading && !data) {
    return (
      <AuthLayout title="Create your login">
        <Skeleton variant="rounded" height={220} />
      </AuthLayout>
    );
  }
  if (error || !invite) {
    return (
      <AuthLayout title="This invite link does not work">
        <Alert severity="warning">
          {error
            ? errorMessage(error, 'The invite could not be loaded. Please try again.')
            : 'This invite link is invalid, was used already or has expired. Ask whoever invited you to send a new one from their Family page.'}
        </Alert>
        <Box sx={{ textAlign: 'center', mt: 3 }}>
          Already made your login?{' '}
          <Link component={RouterLink} to="/login" sx={{ fontWeight: 'fontWeightBold' }}>
            Sign in
          </Link>
        </Box>
      </AuthLayout>
    );
  }
  if (user) {
    // The link is for the invited person: whoever is signed in on this device signs out first.
    const here = `${location.pathname}${location.search}`;
    return (
      <AuthLayout title={`This invite is for ${invite.firstName}`}>
        <Typography>
          You are signed in as {fullName(user)}. Sign out first so {invite.firstName} can create their own login on this device.
        </Typography>
        <Button
          variant="contained"
          size="large"
          fullWidth
          sx={{ mt: 3 }}
          onClick={() => void logout().then(() => navigate(here, { replace: true }))}
        >
          Sign out and continue
        </Button>
      </AuthLayout>
    );
  }
  return <AcceptInviteForm token={token} invite={invite} />;
}

function AcceptInviteForm({
  token,
  invite,
}: {
  token: string;
  invite: { firstName: string; lastName: string; email: string; invitedBy: string; expiresAt: string };
}) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [accept, { loading }] = useAcceptFamilyInvite();
  const { control, handleSubmit, setError } = useZodForm(acceptInviteForm, { defaultValues: { username: '', password: '', confirm: '' } });
  const [formError, setFormError] = useState<string | null>(null);

  const submit = handleSubmit(async ({ username, password }) => {
    setFormError(null);
    try {
      const { data } = await accept({ variables: { token, username, password } });
      const payload = data!.acceptFamilyInvite;
      signIn(payload);
      // Adults sign their own waiver: that is where a new login goes first.
      navigate(payload.user.waiverSigned ? '/dashboard' : '/waiver');
    } catch (err) {
      const fields = setServerErrors(err, setError);
      if (!fields.username && !fields.password) setFormError(errorMessage(err, 'Your login could not be created. Please try again.'));
    }
  });

  return (
    <AuthLayout
      title={`Welcome, ${invite.firstName}!`}
      subtitle={`${invite.invitedBy} invited you to sign in with a login of your own. Your bookings and class history stay with you.`}
    >
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2.25 }}>
        <Box
          component="dl"
          sx={{
            m: 0,
            p: 2,
            borderRadius: '12px',
            bgcolor: 'action.hover',
            display: 'grid',
            gridTemplateColumns: 'auto 1fr',
            columnGap: 2,
            rowGap: 0.5,
            '& dt': { color: 'text.secondary' },
            '& dd': { m: 0, fontWeight: 'fontWeightSemiBold', overflowWrap: 'anywhere' },
          }}
        >
          <dt>Name</dt>
          <dd>{fullName(invite)}</dd>
          <dt>Email</dt>
          <dd>{invite.email}</dd>
        </Box>
        {formError && (
          <Alert severity="error" role="alert">
            {formError}
          </Alert>
        )}
        <UsernameField control={control} autoFocus />
        <NewPasswordField control={control} />
        <ConfirmPasswordField control={control} />
        <Button type="submit" variant="contained" size="large" disabled={loading}>
          {loading ? 'Creating your login…' : 'Create my login'}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
          Next you sign your own waiver. This link works until {formatTimestampDay(invite.expiresAt)}.
        </Typography>
      </Box>
    </AuthLayout>
  );
}

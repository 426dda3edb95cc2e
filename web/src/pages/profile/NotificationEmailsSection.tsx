import { useQuery } from '@apollo/client/react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../app/errors';
import { useToast } from '../../app/toast';
import type { NotificationType } from '../../graphql/types';
import { MailingSubscriptionDocument, NotificationEmailPreferencesDocument } from './notificationEmails.generated';
import { useSetMailingSubscription } from './useSetMailingSubscription';
import { useUpdateNotificationEmails } from './useUpdateNotificationEmails';

/** Each type as a member chooses it, in the order shown. */
const CHOICES: { type: NotificationType; label: string; line: string }[] = [
  { type: 'class_reminder', label: 'Class reminders', line: 'The day before each class you or your family booked.' },
  { type: 'check_in_available', label: 'Check-in is open', line: '30 minutes before class starts.' },
  { type: 'checkout', label: 'Checkout', line: 'A spot is held in your cart (and, for admins, new orders).' },
  { type: 'payment_success', label: 'Payments', line: 'A payment went through. Your receipt is emailed either way.' },
  { type: 'other', label: 'Bookings and studio updates', line: 'Bookings, waitlist offers, class changes and cancellations.' },
];

/**
 * /profile: which notifications also come by email (through the studio's outbox). Every notification shows in the
 * app; each box saves as it is ticked.
 */
export function NotificationEmailsSection({ email }: { email: string | null }) {
  const { toast } = useToast();
  const { data, error } = useQuery(NotificationEmailPreferencesDocument);
  const [save] = useUpdateNotificationEmails();
  const chosen = data?.notificationPreferences.emailTypes ?? [];
  const mailings = useQuery(MailingSubscriptionDocument);
  const [setSubscribed] = useSetMailingSubscription();
  const subscribed = mailings.data ? !mailings.data.profile.mailingsOptOutAt : null;
  const toggleMailings = async (on: boolean) => {
    try {
      await setSubscribed({ variables: { subscribed: on } });
    } catch (err) {
      toast({ title: 'Could not save your email choices', description: errorMessage(err), variant: 'error' });
    }
  };

  const toggle = async (type: NotificationType, on: boolean) => {
    const emailTypes = on ? [...chosen, type] : chosen.filter((t) => t !== type);
    try {
      await save({ variables: { emailTypes } });
    } catch (err) {
      toast({ title: 'Could not save your email choices', description: errorMessage(err), variant: 'error' });
    }
  };

  if (error && !data) return <Alert severity="error">{errorMessage(error)}</Alert>;
  return (
    <Box>
      {!email && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Add an email address to your details to get notifications by email.
        </Alert>
      )}
      <Box role="group" aria-label="Also send by email" sx={{ display: 'grid', gap: 0.5 }}>
        {CHOICES.map(({ type, label, line }) =>
          data ? (
            <FormControlLabel
              key={type}
              sx={{ alignItems: 'flex-start', m: 0, gap: 0.5 }}
              control={
                <Checkbox
                  checked={chosen.includes(type)}
                  disabled={!email}
                  onChange={(e) => void toggle(type, e.target.checked)}
                  sx={{ mt: -0.75, ml: -1 }}
                />
              }
              label={
                <Box>
                  <Typography sx={{ fontWeight: 'fontWeightSemiBold' }}>{label}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {line}
                  </Typography>
                </Box>
              }
            />
          ) : (
            <Skeleton key={type} height={44} />
          ),
        )}
        {subscribed === null ? (
          <Skeleton height={44} />
        ) : (
          <FormControlLabel
            sx={{ alignItems: 'flex-start', m: 0, gap: 0.5 }}
            control={
              <Checkbox
                checked={subscribed}
                disabled={!email}
                onChange={(e) => void toggleMailings(e.target.checked)}
                sx={{ mt: -0.75, ml: -1 }}
              />
            }
            label={
              <Box>
                <Typography sx={{ fontWeight: 'fontWeightSemiBold' }}>Studio news</Typography>
                <Typography variant="body2" color="text.secondary">
                  Mailings from the studio: showcases, workshops, schedule news. Receipts and account email always come.
                </Typography>
              </Box>
            }
          />
        )}
      </Box>
    </Box>
  );
}

import { useQuery } from '@apollo/client/react';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import HourglassTopRounded from '@mui/icons-material/HourglassTopRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { useEffect } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { formatTimestampDay } from '../../app/dates';
import { errorMessage } from '../../app/errors';
import { EmptyState } from '../../components/EmptyState';
import { SuccessHeading } from '../../components/SuccessHeading';
import { PageFrame } from '../../components/PageFrame';
import { MembershipCheckoutDocument } from './membershipSuccess.generated';

/** Polling while the webhook has not made the membership yet (it usually has by the time the browser is back). */
export const MEMBERSHIP_POLL_MS = 1000;

/** Where subscription checkout returns (?session_id=…): the new membership, once the payment's webhook made it. */
export default function MembershipSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const { data, error, startPolling, stopPolling } = useQuery(MembershipCheckoutDocument, { variables: { sessionId }, skip: !sessionId });
  const checkout = data?.membershipCheckout;
  const membership = checkout?.membership;
  useEffect(() => {
    if (checkout && !membership) startPolling(MEMBERSHIP_POLL_MS);
    else stopPolling();
    return stopPolling;
  }, [checkout, membership, startPolling, stopPolling]);

  return (
    <PageFrame title="Membership confirmed" maxWidth="sm">
      <Card>
        {!sessionId ? (
          <EmptyState icon={<ErrorOutlineRounded />} title="No membership to show">
            This page shows your membership after checkout. Your memberships are listed on the Memberships page.
          </EmptyState>
        ) : error && !data ? (
          <Alert severity="error" sx={{ m: 2 }}>
            {errorMessage(error, 'Your membership could not be loaded.')}
          </Alert>
        ) : membership ? (
          <Box sx={{ p: { xs: 2.5, sm: 3 } }} data-testid="new-membership">
            <SuccessHeading title={`Welcome to ${membership.plan.name}!`}>
              Your membership is active and renews on {formatTimestampDay(membership.currentPeriodEnd)}. Classes you book are paid by it —
              no cart needed.
            </SuccessHeading>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" component={RouterLink} to="/classes">
                Book a class
              </Button>
              <Button variant="outlined" component={RouterLink} to="/memberships">
                My memberships
              </Button>
            </Box>
          </Box>
        ) : (
          <EmptyState icon={<HourglassTopRounded />} title="Confirming your membership…">
            This takes a few seconds. The page updates by itself as soon as the payment is confirmed.
          </EmptyState>
        )}
      </Card>
    </PageFrame>
  );
}

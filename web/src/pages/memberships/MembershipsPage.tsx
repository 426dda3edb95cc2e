import { formatMoney } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import CardMembershipRounded from '@mui/icons-material/CardMembershipRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatTimestampDay } from '../../app/dates';
import { errorMessage } from '../../app/errors';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { MembershipsPageDocument, type MembershipsPageQuery, type MyMembershipFragment } from './memberships.generated';
import { useCancelMembershipAtPeriodEnd } from './useCancelMembershipAtPeriodEnd';
import { useResumeMembership } from './useResumeMembership';
import { useSubscribeToPlan } from './useSubscribeToPlan';

type Plan = MembershipsPageQuery['membershipPlans'][number];

const STATUS: Record<string, { label: string; color: 'success' | 'warning' | 'error' | 'default' | 'info' }> = {
  active: { label: 'Active', color: 'success' },
  past_due: { label: 'Payment failed', color: 'warning' },
  suspended: { label: 'Suspended', color: 'error' },
  paused: { label: 'Paused', color: 'info' },
  canceled: { label: 'Ended', color: 'default' },
};

/** What a plan covers, in words: "Unlimited classes", "8 classes a month", class types, family, sign-up fee. */
export function planCovers(plan: Plan): string[] {
  const per = plan.interval === 'year' ? 'a year' : 'a month';
  return [
    plan.classesPerPeriod ? `${plan.classesPerPeriod} classes ${per}` : 'Unlimited classes',
    plan.coveredApparatus.length ? `${plan.coveredApparatus.map((a) => a.name).join(', ')} classes only` : 'Every class type',
    ...(plan.familyMembers > 0 ? [`Also covers ${plan.familyMembers === 1 ? 'one child' : `${plan.familyMembers} children`}`] : []),
    ...(plan.signUpFeeCents > 0 ? [`${formatMoney(plan.signUpFeeCents)} sign-up fee`] : []),
  ];
}

function PlanCard({ plan, held }: { plan: Plan; held: boolean }) {
  const [subscribe, { loading, error }] = useSubscribeToPlan();
  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }} data-testid="plan">
      <CardContent sx={{ flex: 1 }}>
        <Typography component="h3" variant="h6">
          {plan.name}
        </Typography>
        <Typography variant="h5" sx={{ my: 1 }}>
          {formatMoney(plan.priceCents)}
          <Typography component="span" variant="body2" color="text.secondary">
            {' '}
            / {plan.interval}
          </Typography>
        </Typography>
        {plan.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {plan.description}
          </Typography>
        )}
        <Box component="ul" sx={{ pl: 2.5, m: 0 }}>
          {planCovers(plan).map((line) => (
            <Typography component="li" variant="body2" key={line}>
              {line}
            </Typography>
          ))}
        </Box>
        {error && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(error, 'Checkout could not start.')}
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          variant="contained"
          disabled={held || loading}
          onClick={async () => {
            const res = await subscribe({ variables: { planId: plan.id } }).catch(() => null);
            if (res?.data) window.location.assign(res.data.subscribeToPlan.url);
          }}
        >
          {held ? 'Your plan' : `Subscribe to ${plan.name}`}
        </Button>
      </CardActions>
    </Card>
  );
}

function MembershipRow({ membership }: { membership: MyMembershipFragment }) {
  const [cancel, cancelling] = useCancelMembershipAtPeriodEnd();
  const [resume, resuming] = useResumeMembership();
  const status = STATUS[membership.status] ?? STATUS.active;
  const live = membership.status !== 'canceled';
  const limit = membership.plan.classesPerPeriod;
  const failure = cancelling.error ?? resuming.error;
  return (
    <Card variant="outlined" data-testid="my-membership">
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography component="h3" variant="h6" sx={{ mr: 1 }}>
            {membership.plan.name}
          </Typography>
          <Chip size="small" label={status.label} color={status.color} />
          {membership.comp && <Chip size="small" label="Complimentary" variant="outlined" />}
        </Stack>
        {live && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {membership.cancelAtPeriodEnd ? 'Ends on ' : 'Renews on '}
            {formatTimestampDay(membership.currentPeriodEnd)}
            {membership.nextPlan ? ` · changes to ${membership.nextPlan.name}` : ''}
          </Typography>
        )}
        {membership.pausedFrom && membership.pausedUntil && (
          <Typography variant="body2" color="text.secondary">
            Paused {formatTimestampDay(membership.pausedFrom)} – {formatTimestampDay(membership.pausedUntil)}
          </Typography>
        )}
        {membership.status === 'past_due' && (
          <Alert severity="warning" sx={{ mt: 1 }}>
            Your last payment failed. Please update your card, or your classes stop being covered after the grace period.
          </Alert>
        )}
        <Box sx={{ mt: 1.5 }}>
          <Typography variant="body2">
            {limit
              ? `${membership.usedThisPeriod} of ${limit} classes used this period`
              : `${membership.usedThisPeriod} ${membership.usedThisPeriod === 1 ? 'class' : 'classes'} this period`}
          </Typography>
          {limit ? (
            <LinearProgress
              variant="determinate"
              value={Math.min(100, (membership.usedThisPeriod / limit) * 100)}
              sx={{ mt: 0.5, maxWidth: 320 }}
              aria-label="Classes used this period"
            />
          ) : null}
        </Box>
        {failure && (
          <Alert severity="error" sx={{ mt: 1 }}>
            {errorMessage(failure)}
          </Alert>
        )}
      </CardContent>
      {live && !membership.comp && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          {membership.cancelAtPeriodEnd ? (
            <Button
              variant="outlined"
              disabled={resuming.loading}
              onClick={() => resume({ variables: { id: membership.id } }).catch(() => null)}
            >
              Resume membership
            </Button>
          ) : (
            <Button
              color="error"
              disabled={cancelling.loading}
              onClick={() => cancel({ variables: { id: membership.id } }).catch(() => null)}
            >
              Cancel at period end
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}

/** /memberships: plans and what each covers, the member's memberships (status, renewal, usage), and class packs. */
export default function MembershipsPage() {
  const { data, loading, error } = useQuery(MembershipsPageDocument);
  if (loading && !data)
    return (
      <PageFrame title="Memberships">
        <Box sx={{ display: 'grid', placeItems: 'center', py: 6 }}>
          <CircularProgress aria-label="Loading memberships" />
        </Box>
      </PageFrame>
    );
  if (error && !data)
    return (
      <PageFrame title="Memberships">
        <Alert severity="error">{errorMessage(error, 'Memberships could not be loaded.')}</Alert>
      </PageFrame>
    );
  const mine = data?.myMemberships ?? [];
  const packs = data?.myClassPacks ?? [];
  const heldPlans = new Set(mine.filter((m) => m.status !== 'canceled').map((m) => m.plan.id));
  return (
    <PageFrame title="Memberships" subtitle="Your membership or class pack pays for your bookings by itself: no cart, no checkout.">
      <Stack spacing={4}>
        <Box component="section" aria-labelledby="mine-heading">
          <Typography id="mine-heading" component="h2" variant="h6" sx={{ mb: 1.5 }}>
            Your memberships
          </Typography>
          {mine.length === 0 ? (
            <Card variant="outlined">
              <EmptyState icon={<CardMembershipRounded />} title="No membership yet">
                Pick a plan below; your classes are then booked without paying each time.
              </EmptyState>
            </Card>
          ) : (
            <Stack spacing={2}>
              {mine.map((m) => (
                <MembershipRow key={m.id} membership={m} />
              ))}
            </Stack>
          )}
        </Box>
        <Box component="section" aria-labelledby="packs-heading">
          <Typography id="packs-heading" component="h2" variant="h6" sx={{ mb: 1.5 }}>
            Class packs
          </Typography>
          {packs.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              No class packs. Packs are sold in the shop under Class packs.
            </Typography>
          ) : (
            <Stack spacing={1}>
              {packs.map((p) => (
                <Card variant="outlined" key={p.id} sx={{ p: 2 }} data-testid="class-pack">
                  <Typography sx={{ fontWeight: 600 }}>{p.name}</Typography>
                  <Typography variant="body2">
                    {p.classes - p.used} of {p.classes} classes left · valid until {formatTimestampDay(p.expiresAt)}
                  </Typography>
                </Card>
              ))}
            </Stack>
          )}
        </Box>
        <Box component="section" aria-labelledby="plans-heading">
          <Typography id="plans-heading" component="h2" variant="h6" sx={{ mb: 1.5 }}>
            Plans
          </Typography>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}>
            {(data?.membershipPlans ?? []).map((plan) => (
              <PlanCard key={plan.id} plan={plan} held={heldPlans.has(plan.id)} />
            ))}
          </Box>
        </Box>
      </Stack>
    </PageFrame>
  );
}

import { useQuery, useSubscription } from '@apollo/client/react';
import ArrowForwardRounded from '@mui/icons-material/ArrowForwardRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { formatTimestamp } from '../../../app/dates';
import { errorMessage } from '../../../app/errors';
import { PageFrame } from '../../../components/PageFrame';
import type { DashboardPeriod } from '../../../graphql/types';
import { BookingsByTypeChart, FillByHourChart, RevenueMixChart } from './DashboardCharts';
import { AdminDashboardChangedDocument, AdminDashboardDocument, type AdminDashboardQuery } from './dashboard.generated';
import { change, dollars, isPeriod, money, percent, PERIODS, pointsChange, rangeLabel } from './dashboardFormat';

type Figures = AdminDashboardQuery['dashboard'];

/** How soon after a change elsewhere the figures are read again; changes in a burst are read once. */
const REFRESH_AFTER_MS = 800;

/** The pages an admin runs the studio from (each one a table or an editor). */
const AREAS: { to: string; title: string; line: string }[] = [
  { to: '/admin/users', title: 'User Management', line: 'Accounts, roles and access.' },
  { to: '/admin/students', title: 'Student Management', line: 'Students, families and attendance.' },
  { to: '/admin/groups', title: 'Groups', line: 'Members by hand or by rule.' },
  { to: '/admin/classes', title: 'Class Management', line: 'Classes, instructors and schedules.' },
  { to: '/admin/attendance', title: 'Attendance', line: 'Check-ins and attendance reports.' },
  { to: '/admin/memberships', title: 'Memberships', line: 'Plans, members and packs.' },
  { to: '/admin/invoices', title: 'Invoices', line: 'Create and track invoices.' },
  { to: '/admin/pos', title: 'Point of Sale', line: 'Front-desk sales.' },
  { to: '/admin/merch', title: 'Merch & Snacks', line: 'Products, stock and prices.' },
  { to: '/admin/waivers', title: 'Waivers', line: 'Versions and signatures.' },
  { to: '/admin/moves', title: 'Moves Library', line: 'Moves and levels, CSV imports.' },
  { to: '/admin/stripe', title: 'Payments', line: 'Payments and refunds.' },
  { to: '/admin/scheduled-jobs', title: 'Scheduled Jobs', line: 'Reminders and renewals.' },
  { to: '/admin/api-keys', title: 'API Keys', line: 'Integrations and their scopes.' },
  { to: '/admin/webhooks', title: 'Webhooks', line: 'Events sent to other systems.' },
  { to: '/admin/landing-page-customization', title: 'Landing Page', line: 'The public page.' },
];

function Delta({ value }: { value: { text: string; up: boolean } | null }) {
  if (!value) return null;
  return (
    <Typography component="span" variant="body2" sx={{ color: value.up ? 'success.main' : 'error.main', fontWeight: 'fontWeightSemiBold' }}>
      {value.text}
    </Typography>
  );
}

/** One figure, linking to the table behind it. */
function Kpi({ label, value, delta, note, to }: { label: string; value: ReactNode; delta?: ReactNode; note?: ReactNode; to: string }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardActionArea component={RouterLink} to={to} sx={{ p: 2.25, height: '100%', display: 'block' }}>
        <Typography variant="body2" color="text.secondary" sx={{ fontWeight: 'fontWeightSemiBold' }}>
          {label}
        </Typography>
        <Typography component="p" variant="h4" sx={{ mt: 0.5, fontSize: { xs: '1.6rem', md: '2rem' }, fontVariantNumeric: 'tabular-nums' }}>
          {value}
        </Typography>
        <Box sx={{ mt: 0.5, display: 'flex', gap: 0.75, flexWrap: 'wrap', alignItems: 'baseline' }}>
          {delta}
          {note && (
            <Typography component="span" variant="body2" color="text.secondary">
              {note}
            </Typography>
          )}
        </Box>
      </CardActionArea>
    </Card>
  );
}

function Panel({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card component="section" aria-label={title} sx={{ p: 2.25, height: '100%', minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 1 }}>
        <Typography component="h2" variant="subtitle1">
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Card>
  );
}

/** A line of the attention list: how many, what, and where to act on it. */
function AttentionRow({
  count,
  label,
  to,
  tone = 'warning',
}: {
  count: number;
  label: string;
  to: string;
  tone?: 'warning' | 'error' | 'info';
}) {
  return (
    <Box
      component={RouterLink}
      to={to}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        py: 1.1,
        px: 1,
        mx: -1,
        borderRadius: 1.5,
        color: 'text.primary',
        textDecoration: 'none',
        '&:hover': { bgcolor: 'action.hover' },
        '&:focus-visible': { outline: 2, outlineColor: 'primary.main' },
      }}
    >
      <Box
        sx={{
          minWidth: 40,
          px: 1,
          py: 0.25,
          borderRadius: 1,
          textAlign: 'center',
          fontWeight: 'fontWeightBold',
          fontVariantNumeric: 'tabular-nums',
          bgcolor: count ? `${tone}.light` : 'action.selected',
          color: count ? `${tone}.contrastText` : 'text.secondary',
        }}
      >
        {count.toLocaleString('en-US')}
      </Box>
      <Typography variant="body2" sx={{ flex: 1 }}>
        {label}
      </Typography>
      <ArrowForwardRounded fontSize="small" color="action" aria-hidden />
    </Box>
  );
}

/** The custom period's two dates, sent together; a new period from outside starts the form again (its key). */
function CustomRangeForm({ from, to, onChange }: { from: string; to: string; onChange: (next: URLSearchParams) => void }) {
  const [draft, setDraft] = useState({ from, to });
  return (
    <Box
      component="form"
      sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
      onSubmit={(e) => {
        e.preventDefault();
        onChange(new URLSearchParams({ period: 'custom', from: draft.from, to: draft.to }));
      }}
    >
      <TextField
        size="small"
        type="date"
        label="From"
        value={draft.from}
        onChange={(e) => setDraft((d) => ({ ...d, from: e.target.value }))}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        size="small"
        type="date"
        label="To"
        value={draft.to}
        onChange={(e) => setDraft((d) => ({ ...d, to: e.target.value }))}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <Button type="submit" variant="outlined">
        Show
      </Button>
    </Box>
  );
}

function PeriodPicker({
  period,
  from,
  to,
  onChange,
}: {
  period: DashboardPeriod;
  from: string;
  to: string;
  onChange: (next: URLSearchParams) => void;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={period}
        aria-label="Period"
        onChange={(_, value: DashboardPeriod | null) => {
          if (!value) return;
          onChange(new URLSearchParams(value === 'custom' ? { period: value, from, to } : value === 'this_week' ? {} : { period: value }));
        }}
        sx={{ flexWrap: 'wrap' }}
      >
        {PERIODS.map((p) => (
          <ToggleButton key={p.value} value={p.value} sx={{ px: 1.5, textTransform: 'none' }}>
            {p.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {period === 'custom' && <CustomRangeForm key={`${from}:${to}`} from={from} to={to} onChange={onChange} />}
    </Box>
  );
}

function Figures({ figures, previousLabel }: { figures: Figures; previousLabel: string }) {
  const { bookings, revenue, members, atRisk, levels } = figures;
  const classes = `/admin/attendance?from=${figures.from}&to=${figures.to}`;
  return (
    <>
      <Box
        component="section"
        aria-label="Key figures"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 2 }}
      >
        <Kpi
          label="Bookings"
          value={bookings.current.booked.toLocaleString('en-US')}
          delta={<Delta value={change(bookings.current.booked, bookings.previous.booked)} />}
          note={`vs ${previousLabel}`}
          to={classes}
        />
        <Kpi
          label="Fill rate"
          value={percent(bookings.current.fillRate)}
          delta={<Delta value={pointsChange(bookings.current.fillRate, bookings.previous.fillRate)} />}
          note={`${bookings.current.classes} classes`}
          to={classes}
        />
        <Kpi
          label="Revenue"
          value={revenue.totalCents >= 1_000_000 ? dollars(revenue.totalCents) : money(revenue.totalCents)}
          delta={<Delta value={change(revenue.totalCents, revenue.previousTotalCents)} />}
          note="net of refunds"
          to="/admin/stripe"
        />
        <Kpi
          label="Members"
          value={members.members.toLocaleString('en-US')}
          delta={
            members.newMembers > 0 ? (
              <Typography component="span" variant="body2" sx={{ color: 'success.main', fontWeight: 'fontWeightSemiBold' }}>
                +{members.newMembers} joined
              </Typography>
            ) : undefined
          }
          note="with an active membership"
          to="/admin/memberships?status=active"
        />
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, mb: 2 }}>
        <Panel title="Bookings by class type">
          <BookingsByTypeChart figures={figures} previousLabel={previousLabel.replace(/^./, (c) => c.toUpperCase())} />
        </Panel>
        <Panel title="Revenue mix" action={<Chip size="small" label={money(revenue.totalCents)} />}>
          <RevenueMixChart figures={figures} />
        </Panel>
      </Box>

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, mb: 2 }}>
        <Panel title="Fill rate by start time">
          <FillByHourChart figures={figures} />
        </Panel>
        <Panel title="Needs attention">
          <AttentionRow
            count={atRisk.noRecentVisit}
            label="Members with no visit in 21 days"
            to="/admin/users?membership=active&notVisitedForDays=21"
          />
          <AttentionRow
            count={members.trialNotBack}
            label="Trial members who have not come back"
            to="/admin/students?segment=trial_not_back"
          />
          <AttentionRow
            count={atRisk.lowPacks}
            label="Members with a pack of 3 or fewer classes left"
            to="/admin/users?segment=low_pack"
            tone="info"
          />
          <AttentionRow
            count={atRisk.pastDueMemberships}
            label="Past-due memberships"
            to="/admin/memberships?status=past_due"
            tone="error"
          />
          <AttentionRow
            count={atRisk.unpaidInvoices}
            label={`Unpaid invoices (${money(atRisk.unpaidCents)}${atRisk.overdueInvoices ? `, ${atRisk.overdueInvoices} overdue` : ''})`}
            to="/admin/invoices?status=open"
            tone="error"
          />
          <AttentionRow count={atRisk.waiversMissing} label="People without the current waiver" to="/admin/waivers?standing=MISSING" />
        </Panel>
      </Box>

      <Box
        component="section"
        aria-label="Attendance and progress"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
      >
        <Kpi
          label="Came to class"
          value={members.visitors.toLocaleString('en-US')}
          delta={<Delta value={change(members.visitors, members.previousVisitors)} />}
          note={`people, vs ${previousLabel}`}
          to={`/admin/attendance?tab=student`}
        />
        <Kpi
          label="No-shows"
          value={bookings.current.noShows}
          note={`${bookings.current.lateCancellations} late cancellations`}
          to={classes}
        />
        <Kpi
          label="Levels reached"
          value={levels.levelsReached}
          note={
            levels.medianDaysToNext === null ? 'no level-ups to time yet' : `median ${Math.round(levels.medianDaysToNext)} days to the next`
          }
          to="/admin/moves"
        />
        <Kpi
          label="Stuck at a level"
          value={levels.stuck}
          note="coming to class, no new level in 90 days"
          to="/admin/students?segment=stuck"
        />
      </Box>
    </>
  );
}

function FiguresLoading() {
  return (
    <Box
      aria-busy="true"
      aria-label="Loading the figures"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
    >
      {Array.from({ length: 8 }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={i < 4 ? 118 : 260} sx={{ gridColumn: i >= 4 ? { md: 'span 2' } : undefined }} />
      ))}
    </Box>
  );
}

/**
 * /admin/dashboard: the studio's week (or 4 weeks, quarter, any dates) at a glance, against the period before, read
 * again whenever a booking, payment or check-in happens anywhere; every figure opens the table behind it.
 */
export default function AdminDashboardPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('period');
  const period: DashboardPeriod = isPeriod(asked) ? asked : 'this_week';
  const variables = period === 'custom' ? { period, from: params.get('from'), to: params.get('to') } : { period };
  const { data, previousData, error, loading, refetch } = useQuery(AdminDashboardDocument, {
    variables,
    notifyOnNetworkStatusChange: false,
  });
  const figures = (data ?? previousData)?.dashboard;
  const [updatedAt, setUpdatedAt] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  useSubscription(AdminDashboardChangedDocument, {
    fetchPolicy: 'no-cache',
    ignoreResults: true,
    onData: () => {
      if (timer.current) return;
      timer.current = setTimeout(() => {
        timer.current = null;
        void refetch().then(() => setUpdatedAt(new Date().toISOString()));
      }, REFRESH_AFTER_MS);
    },
  });
  const previousLabel = PERIODS.find((p) => p.value === period)!.previous;
  return (
    <PageFrame
      title="Admin Dashboard"
      subtitle={
        figures ? (
          <>
            {rangeLabel(figures.from, figures.to)}, compared with {previousLabel} ({rangeLabel(figures.previousFrom, figures.previousTo)}).{' '}
            <Chip
              component="span"
              size="small"
              color="success"
              variant="outlined"
              label={updatedAt ? `Live · updated ${formatTimestamp(updatedAt)}` : 'Live'}
              sx={{ ml: 0.5, verticalAlign: 'middle' }}
            />
          </>
        ) : (
          'Bookings, money and members at a glance.'
        )
      }
      actions={
        <PeriodPicker
          period={period}
          from={figures?.from ?? params.get('from') ?? ''}
          to={figures?.to ?? params.get('to') ?? ''}
          onChange={setParams}
        />
      }
    >
      {error && !loading && (
        <Alert severity="error" sx={{ mb: 2 }} action={<Button onClick={() => void refetch()}>Try again</Button>}>
          {errorMessage(error)}
        </Alert>
      )}
      {figures ? <Figures figures={figures} previousLabel={previousLabel} /> : !error && <FiguresLoading />}

      <Typography component="h2" variant="h6" sx={{ mt: 5, mb: 1.5 }}>
        Manage
      </Typography>
      <Box
        component="ul"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
        }}
      >
        {AREAS.map((a) => (
          <li key={a.to}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea
                component={RouterLink}
                to={a.to}
                sx={{ p: 1.75, height: '100%', display: 'flex', justifyContent: 'space-between', gap: 1.5 }}
              >
                <Box>
                  <Typography component="h3" variant="subtitle2">
                    {a.title}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {a.line}
                  </Typography>
                </Box>
                <ArrowForwardRounded color="primary" fontSize="small" aria-hidden />
              </CardActionArea>
            </Card>
          </li>
        ))}
      </Box>
    </PageFrame>
  );
}

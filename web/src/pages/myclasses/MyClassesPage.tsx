import { useQuery } from '@apollo/client/react';
import ChevronLeftRounded from '@mui/icons-material/ChevronLeftRounded';
import ChevronRightRounded from '@mui/icons-material/ChevronRightRounded';
import EventAvailableRounded from '@mui/icons-material/EventAvailableRounded';
import ExpandMoreRounded from '@mui/icons-material/ExpandMoreRounded';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuth } from '../../app/session';
import { EmptyState } from '../../components/EmptyState';
import { PageFrame } from '../../components/PageFrame';
import { ClassRoster, ROSTER_CLOCK_MS } from '../../components/attendance/ClassRoster';
import { hasEnded } from '../../components/attendance/rosterRules';
import { addDays, formatDay, formatLongDay, formatTime, todayIso } from '../../app/dates';
import { useCommittedSearchParams } from '../../app/useCommittedValue';
import { levelLabel } from '../../components/schedule/classLabels';
import { useNow } from '../../components/schedule/holds';
import type { ClassSummaryFragment } from '../../components/classSummary.generated';
import { TEACHING_WINDOW_DAYS, isTeachingRole, teachingRange } from './MyClassesPage.preload';
import { FamilyUpcomingClassesDocument, type TeachingClassFragment, TeachingClassesDocument } from './myClasses.generated';
import { LoadErrorAlert } from '../../components/LoadErrorAlert';

/** Items grouped by their class date, dates in order. */
export function groupByDate<T>(items: readonly T[], dateOf: (item: T) => string, timeOf: (item: T) => string): [string, T[]][] {
  const groups = new Map<string, T[]>();
  for (const item of [...items].sort((a, b) => dateOf(a).localeCompare(dateOf(b)) || timeOf(a).localeCompare(timeOf(b)))) {
    const list = groups.get(dateOf(item)) ?? [];
    list.push(item);
    groups.set(dateOf(item), list);
  }
  return [...groups.entries()];
}

function DayHeading({ date, today }: { date: string; today: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.25, mt: 1 }}>
      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 'fontWeightExtraBold' }}>
        {formatLongDay(date)}
      </Typography>
      {date === today && <Chip size="small" color="primary" label="Today" />}
      {date === addDays(today, 1) && <Chip size="small" variant="outlined" label="Tomorrow" />}
    </Box>
  );
}

function TimeBlock({ start, end }: { start: string; end: string }) {
  return (
    <Box
      sx={{
        width: 80,
        flexShrink: 0,
        textAlign: 'center',
        py: 0.75,
        borderRadius: '10px',
        bgcolor: (t) => alpha(t.palette.primary.main, 0.08),
        color: 'primary.dark',
      }}
    >
      <Typography sx={{ fontWeight: 'fontWeightExtraBold', lineHeight: 1.2, fontSize: '0.95rem', whiteSpace: 'nowrap' }}>
        {formatTime(start)}
      </Typography>
      <Typography variant="caption" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        to {formatTime(end)}
      </Typography>
    </Box>
  );
}

function TeachingClassCard({
  klass,
  isAdmin,
  expanded,
  onToggle,
  now,
}: {
  klass: TeachingClassFragment;
  isAdmin: boolean;
  expanded: boolean;
  onToggle: () => void;
  now: number;
}) {
  const cancelled = klass.status === 'cancelled';
  const ended = hasEnded(klass.endsAt, now);
  const headerId = `class-${klass.id}-header`;
  return (
    <Accordion
      expanded={expanded}
      onChange={onToggle}
      disableGutters
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{
        border: 1,
        borderColor: expanded ? 'primary.light' : 'divider',
        borderRadius: '14px !important',
        '&::before': { display: 'none' },
        overflow: 'hidden',
        opacity: ended && !expanded ? 0.8 : 1,
      }}
      elevation={0}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreRounded />}
        id={headerId}
        aria-controls={`class-${klass.id}-roster`}
        sx={{ px: { xs: 1.5, sm: 2 }, '& .MuiAccordionSummary-content': { my: 1.25, minWidth: 0 } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: { xs: 1.5, sm: 2 }, minWidth: 0, width: '100%' }}>
          <TimeBlock start={klass.startTime} end={klass.endTime} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography sx={{ fontWeight: 'fontWeightBold', textDecoration: cancelled ? 'line-through' : 'none' }}>
              {klass.blueprint.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {klass.blueprint.apparatus.name} · {levelLabel(klass.blueprint.level)}
              {isAdmin ? ` · ${klass.instructor.name}` : ''}
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.75 }}>
              <Chip
                size="small"
                label={`${klass.spotsTaken} / ${klass.capacity} booked`}
                color={klass.spotsLeft === 0 && !cancelled ? 'warning' : 'default'}
                variant="outlined"
              />
              {klass.waitlistLength > 0 && <Chip size="small" variant="outlined" label={`${klass.waitlistLength} waiting`} />}
              {klass.checkInOpen && <Chip size="small" color="success" label="Check-in open" />}
              {cancelled && <Chip size="small" color="error" label="Cancelled" />}
              {ended && !cancelled && <Chip size="small" label="Ended" />}
            </Box>
          </Box>
        </Box>
      </AccordionSummary>
      <AccordionDetails
        id={`class-${klass.id}-roster`}
        role="region"
        aria-labelledby={headerId}
        sx={{ px: { xs: 1.5, sm: 2 }, pb: 2, pt: 0 }}
      >
        <ClassRoster klass={klass} isAdmin={isAdmin} now={now} showBookedCount={false} />
      </AccordionDetails>
    </Accordion>
  );
}

/** Staff: their classes for two weeks from today (admins: every class), each opening to its roster. */
function TeachingView({ isAdmin }: { isAdmin: boolean }) {
  // The queries follow the address once its move is committed (see useCommittedValue).
  const [params, setParams] = useCommittedSearchParams();
  const today = todayIso();
  const { from, to } = teachingRange(params, today);
  const { data, loading, error, refetch } = useQuery(TeachingClassesDocument, { variables: { from, to } });
  // Classes whose check-in is open right now start expanded; a click opens or closes any class.
  const [toggled, setToggled] = useState<Record<string, boolean>>({});
  const now = useNow(ROSTER_CLOCK_MS);
  const classes = data?.myTeachingClasses ?? [];
  const goTo = (day: string) => setParams(day === today ? {} : { from: day });
  const isOpen = (k: TeachingClassFragment) => toggled[k.id] ?? k.checkInOpen;
  const toggleClass = (k: TeachingClassFragment) => setToggled((t) => ({ ...t, [k.id]: !isOpen(k) }));

  const label = from === today ? 'Next two weeks' : from < today ? 'Earlier classes' : 'Later classes';
  const booked = classes.filter((k) => k.status !== 'cancelled').reduce((n, k) => n + k.spotsTaken, 0);

  return (
    <>
      <Card sx={{ p: { xs: 1, sm: 1.5 }, mb: 3, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Tooltip title="A week earlier">
          <IconButton onClick={() => goTo(addDays(from, -7))} aria-label="A week earlier">
            <ChevronLeftRounded />
          </IconButton>
        </Tooltip>
        <Box sx={{ flex: 1, minWidth: 0, textAlign: 'center' }}>
          <Typography component="h2" sx={{ fontWeight: 'fontWeightExtraBold' }} aria-live="polite">
            {label}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDay(from)} – {formatDay(to)}
            {data ? ` · ${classes.length} ${classes.length === 1 ? 'class' : 'classes'} · ${booked} booked` : ''}
          </Typography>
        </Box>
        <Tooltip title="A week later">
          <IconButton onClick={() => goTo(addDays(from, 7))} aria-label="A week later">
            <ChevronRightRounded />
          </IconButton>
        </Tooltip>
        {from !== today && (
          <Button size="small" onClick={() => goTo(today)} sx={{ width: { xs: '100%', sm: 'auto' } }}>
            Back to today
          </Button>
        )}
      </Card>
      {error ? (
        <LoadErrorAlert error={error} fallback="Your classes could not be loaded." onRetry={() => void refetch()} />
      ) : loading && !data ? (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={84} />
          ))}
        </Box>
      ) : classes.length === 0 ? (
        <Card>
          <EmptyState
            icon={<EventAvailableRounded />}
            title={isAdmin ? 'No classes in these two weeks' : 'No classes to teach in these two weeks'}
            action={<Button onClick={() => goTo(addDays(from, TEACHING_WINDOW_DAYS))}>Show the two weeks after</Button>}
          >
            {isAdmin ? 'Create classes under Class Management.' : 'Classes you teach appear here with their rosters.'}
          </EmptyState>
        </Card>
      ) : (
        <Box sx={{ display: 'grid', gap: 2.5 }}>
          {groupByDate(
            classes,
            (k) => k.date,
            (k) => k.startTime,
          ).map(([date, list]) => (
            <Box component="section" key={date} aria-label={formatLongDay(date)}>
              <DayHeading date={date} today={today} />
              <Box sx={{ display: 'grid', gap: 1.25 }}>
                {list.map((k) => (
                  <TeachingClassCard
                    key={k.id}
                    klass={k}
                    isAdmin={isAdmin}
                    expanded={isOpen(k)}
                    onToggle={() => toggleClass(k)}
                    now={now}
                  />
                ))}
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </>
  );
}

interface FamilyItem {
  key: string;
  klass: ClassSummaryFragment;
  attendee: string;
  chip: { label: string; color: 'primary' | 'info' | 'warning' | 'success' };
}

/** Parents: their family's upcoming classes and waitlist places, by date. */
function FamilyView() {
  const { data, loading, error, refetch } = useQuery(FamilyUpcomingClassesDocument);
  const items: FamilyItem[] = [
    ...(data?.myBookings ?? []).map((b) => ({
      key: b.id,
      klass: b.classInstance,
      attendee: b.attendee.firstName,
      chip: b.status === 'held' ? { label: 'Held in cart', color: 'info' as const } : { label: 'Booked', color: 'success' as const },
    })),
    ...(data?.myWaitlist ?? []).map((w) => ({
      key: w.id,
      klass: w.classInstance,
      attendee: w.attendee.firstName,
      chip:
        w.status === 'offered'
          ? { label: 'Spot offered', color: 'primary' as const }
          : { label: w.position ? `Waitlist #${w.position}` : 'On the waitlist', color: 'warning' as const },
    })),
  ];
  const today = todayIso();
  if (error) {
    return <LoadErrorAlert error={error} fallback="Your family's classes could not be loaded." onRetry={() => void refetch()} />;
  }
  if (loading && !data) {
    return (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={84} />
        ))}
      </Box>
    );
  }
  if (!items.length) {
    return (
      <Card>
        <EmptyState
          icon={<EventAvailableRounded />}
          title="No upcoming classes"
          action={
            <Button variant="contained" component={RouterLink} to="/classes">
              Browse classes
            </Button>
          }
        >
          Book classes for yourself or your children and they appear here.
        </EmptyState>
      </Card>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {groupByDate(
        items,
        (i) => i.klass.date,
        (i) => i.klass.startTime,
      ).map(([date, list]) => (
        <Box component="section" key={date} aria-label={formatLongDay(date)}>
          <DayHeading date={date} today={today} />
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.25 }}>
            {list.map((i) => (
              <Card
                component="li"
                key={i.key}
                sx={{ p: { xs: 1.5, sm: 2 }, display: 'flex', gap: { xs: 1.5, sm: 2 }, alignItems: 'center' }}
              >
                <TimeBlock start={i.klass.startTime} end={i.klass.endTime} />
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography
                    sx={{ fontWeight: 'fontWeightBold', textDecoration: i.klass.status === 'cancelled' ? 'line-through' : 'none' }}
                  >
                    {i.klass.blueprint.name}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {i.klass.blueprint.apparatus.name} · {levelLabel(i.klass.blueprint.level)} · {i.klass.instructor.name}
                  </Typography>
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.75 }}>
                    <Chip size="small" variant="outlined" label={i.attendee} />
                    <Chip size="small" color={i.chip.color} label={i.chip.label} />
                    {i.klass.status === 'cancelled' && <Chip size="small" color="error" label="Class cancelled" />}
                  </Box>
                </Box>
              </Card>
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** /class-instances, the "My Classes" page. */
export default function MyClassesPage() {
  const { user } = useAuth();
  if (!user) return null;
  const staff = isTeachingRole(user.role);
  return (
    <PageFrame
      title="My Classes"
      maxWidth="md"
      subtitle={
        user.role === 'admin'
          ? 'Every class in the studio with its roster: mark attendance and add walk-ins.'
          : staff
            ? 'The classes you teach, with their rosters: mark attendance and add walk-ins.'
            : "Your family's upcoming classes and waitlist places."
      }
      actions={
        staff ? undefined : (
          <Button variant="outlined" component={RouterLink} to="/classes">
            Book a class
          </Button>
        )
      }
    >
      {staff ? <TeachingView isAdmin={user.role === 'admin'} /> : <FamilyView />}
    </PageFrame>
  );
}

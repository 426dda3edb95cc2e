import { useQuery } from '@apollo/client/react';
import EventAvailableRounded from '@mui/icons-material/EventAvailableRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { errorMessage } from '../../app/errors';
import { AddToCalendarButton } from '../../components/calendar/AddToCalendarButton';
import { EmptyState } from '../../components/EmptyState';
import { apparatusColor } from '../../components/schedule/classLabels';
import { formatDay, formatTimeRange, relativeDay } from '../../app/dates';
import { DashboardClassesDocument } from './dashboard.generated';

/** How many upcoming places the dashboard lists before "See all". */
export const DASHBOARD_CLASS_LIMIT = 5;

interface Row {
  key: string;
  date: string;
  startTime: string;
  endTime: string;
  name: string;
  apparatus: string;
  who: string;
  label: string;
  tone: 'booked' | 'held' | 'waiting';
  /** A confirmed booking, which can be added to the calendar. */
  bookingId: string | null;
}

const toneSx = {
  booked: { bgcolor: 'studio.tone.open.tint', color: 'studio.tone.open.ink' },
  held: { bgcolor: 'studio.tone.few.tint', color: 'studio.tone.few.ink' },
  waiting: { bgcolor: 'studio.tone.waiting.tint', color: 'studio.tone.waiting.ink' },
} as const;

/** The dashboard's "Upcoming classes": the family's next bookings and waitlist places, soonest first. */
export function UpcomingClasses({ userId }: { userId: string }) {
  // Fresh on every visit: the route's preload (DashboardPage.preload.ts) asks the server; this reads its answer.
  const { data, error } = useQuery(DashboardClassesDocument);

  if (error && !data) {
    return (
      <Alert severity="error" sx={{ mx: 2.5, mb: 2 }}>
        {errorMessage(error, 'Your classes could not be loaded.')}
      </Alert>
    );
  }
  if (!data) {
    return (
      <Box sx={{ px: 2.5, pb: 2 }}>
        <Skeleton height={60} />
        <Skeleton height={60} />
      </Box>
    );
  }

  const whoFor = (a: { id: string; firstName: string }) => (a.id === userId ? 'You' : a.firstName);
  const rows: Row[] = [
    ...data.myBookings.map((b) => ({
      key: `b-${b.id}`,
      date: b.classInstance.date,
      startTime: b.classInstance.startTime,
      endTime: b.classInstance.endTime,
      name: b.classInstance.blueprint.name,
      apparatus: b.classInstance.blueprint.apparatus.name,
      who: whoFor(b.attendee),
      label: b.status === 'held' ? (b.paymentStatus === 'unpaid' ? 'In your cart' : 'Spot offered') : 'Booked',
      tone: (b.status === 'held' ? 'held' : 'booked') as Row['tone'],
      bookingId: b.status === 'confirmed' ? b.id : null,
    })),
    ...data.myWaitlist
      .filter((w) => w.status === 'waiting')
      .map((w) => ({
        key: `w-${w.id}`,
        date: w.classInstance.date,
        startTime: w.classInstance.startTime,
        endTime: w.classInstance.endTime,
        name: w.classInstance.blueprint.name,
        apparatus: w.classInstance.blueprint.apparatus.name,
        who: whoFor(w.attendee),
        label: w.position ? `#${w.position} in line` : 'Waitlist',
        tone: 'waiting' as const,
        bookingId: null,
      })),
  ].sort((a, b) => (a.date + a.startTime).localeCompare(b.date + b.startTime));

  if (rows.length === 0) {
    return (
      <EmptyState
        dense
        icon={<EventAvailableRounded />}
        title="No classes booked yet"
        action={
          <Button variant="contained" component={RouterLink} to="/classes">
            Find a class
          </Button>
        }
      >
        Book a class for yourself or your family and it shows up here.
      </EmptyState>
    );
  }

  const shown = rows.slice(0, DASHBOARD_CLASS_LIMIT);
  const anyToCalendar = shown.some((r) => r.bookingId);
  return (
    <Box sx={{ px: 2.5, pb: 2 }}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {shown.map((r) => {
          const color = apparatusColor(r.apparatus);
          const rel = relativeDay(r.date);
          return (
            <Box
              component="li"
              key={r.key}
              sx={{
                display: 'flex',
                alignItems: 'center',
                gap: 1.5,
                py: 1.25,
                '&:not(:first-of-type)': { borderTop: 1, borderColor: 'divider' },
              }}
            >
              <Box aria-hidden sx={{ width: 6, alignSelf: 'stretch', borderRadius: 3, bgcolor: alpha(color, 0.85), flexShrink: 0 }} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography sx={{ fontWeight: 'fontWeightBold' }} noWrap>
                  {r.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {rel ?? formatDay(r.date)} · {formatTimeRange(r.startTime, r.endTime)} · {r.who}
                </Typography>
              </Box>
              <Chip size="small" label={r.label} sx={{ ...toneSx[r.tone], fontWeight: 'fontWeightBold', flexShrink: 0 }} />
              {r.bookingId ? (
                <AddToCalendarButton
                  compact
                  bookingId={r.bookingId}
                  what={`${r.who === 'You' ? 'your' : `${r.who}’s`} ${r.name} on ${formatDay(r.date)}`}
                />
              ) : (
                // Keeps the chips of every row in one column.
                anyToCalendar && <Box aria-hidden sx={{ width: 30, flexShrink: 0 }} />
              )}
            </Box>
          );
        })}
      </Box>
      {rows.length > shown.length && (
        <Button component={RouterLink} to="/classes" size="small" sx={{ mt: 1 }}>
          See all {rows.length}
        </Button>
      )}
    </Box>
  );
}

import { fullName } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import CheckRounded from '@mui/icons-material/CheckRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import GroupsRounded from '@mui/icons-material/GroupsRounded';
import PersonAddAlt1Rounded from '@mui/icons-material/PersonAddAlt1Rounded';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { errorMessage } from '../../app/errors';
import { useToast } from '../../app/toast';
import { ClassRosterDocument, type RosterBookingFragment } from './attendance.generated';
import { EmptyState } from '../EmptyState';
import { initials } from '../userLabels';
import { HealthMarker } from '../health/HealthMarker';
import { AddAttendeeDialog } from './AddAttendeeDialog';
import {
  SOURCE_LABELS,
  attendanceChip,
  canMarkAttendance,
  hasEnded,
  isMarkable,
  markingOpensAt,
  presenceOf,
  summarizeRoster,
} from './rosterRules';
import { formatTime, formatTimestamp } from '../../app/dates';
import { useNow } from '../schedule/holds';
import { useMarkAttendance } from './useMarkAttendance';
import { LoadErrorAlert } from '../LoadErrorAlert';

/** How often a roster reads the clock: marking opens 30 minutes before class, and a class ends. */
export const ROSTER_CLOCK_MS = 15_000;

/** What the roster needs to know about its class. */
export interface RosterClass {
  id: string;
  startTime: string;
  startsAt: string;
  endsAt: string;
  status: string;
  capacity: number;
  spotsLeft: number;
  notes?: string;
  blueprint: { name: string };
}

function RosterRow({
  booking,
  marksOpen,
  ended,
  className,
}: {
  booking: RosterBookingFragment;
  marksOpen: boolean;
  ended: boolean;
  className: string;
}) {
  const { toast } = useToast();
  const [mark, { loading }] = useMarkAttendance();
  const person = booking.attendee;
  const name = fullName(person);
  const state = attendanceChip(booking.attendance);
  const presence = presenceOf(booking);
  const markable = isMarkable(booking);

  const onMark = async (present: boolean) => {
    try {
      await mark({ variables: { bookingId: booking.id, present } });
    } catch (err) {
      toast({ title: 'Attendance not saved', description: errorMessage(err), variant: 'error' });
    }
  };

  return (
    <Box
      component="li"
      aria-label={name}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: { xs: 1, sm: 2 },
        py: 1.5,
        px: { xs: 1.5, sm: 2 },
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: '1 1 220px', minWidth: 0 }}>
        <Avatar sx={{ width: 36, height: 36, fontSize: 14, bgcolor: presence === 'present' ? 'success.main' : 'primary.main' }} aria-hidden>
          {initials(person)}
        </Avatar>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 'fontWeightBold', lineHeight: 1.3 }}>
            {name}
            {booking.attendeeHealth && <HealthMarker name={name} health={booking.attendeeHealth} />}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Age {person.age}
            {person.isMinor ? ' · minor' : ''}
            {booking.source !== 'member' ? ` · ${SOURCE_LABELS[booking.source]}` : ''}
            {booking.paymentStatus === 'unpaid' ? ' · unpaid' : ''}
          </Typography>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, alignItems: 'center', flex: '1 1 200px' }}>
        {person.waiverSigned ? (
          <Chip size="small" variant="outlined" color="success" label="Waiver signed" />
        ) : (
          <Chip size="small" color="warning" label="Waiver missing" />
        )}
        <Chip
          size="small"
          color={state.color}
          variant={presence ? 'filled' : 'outlined'}
          label={booking.checkedInAt ? `${state.label} ${formatTimestamp(booking.checkedInAt)}` : state.label}
        />
      </Box>
      {markable && (
        <Tooltip title={marksOpen ? '' : 'Attendance can be marked from 30 minutes before class.'}>
          <Box component="span" sx={{ flexShrink: 0, ml: { sm: 'auto' } }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={presence}
              disabled={!marksOpen || loading}
              aria-label={`Attendance of ${name}`}
              onChange={(_, value: 'present' | 'absent' | null) => {
                if (value && value !== presence) void onMark(value === 'present');
              }}
              sx={{ '& .MuiToggleButton-root': { px: 1.5, gap: 0.5, fontWeight: 'fontWeightSemiBold', textTransform: 'none' } }}
            >
              <ToggleButton value="present" color="success" aria-label={`Mark ${name} present in ${className}`}>
                <CheckRounded fontSize="small" /> Present
              </ToggleButton>
              {/* Before the class ends, "absent" only undoes a check-in; afterwards it records a no-show. */}
              <ToggleButton
                value="absent"
                color="error"
                disabled={!ended && presence !== 'present'}
                aria-label={`Mark ${name} absent in ${className}`}
              >
                <CloseRounded fontSize="small" /> Absent
              </ToggleButton>
            </ToggleButtonGroup>
          </Box>
        </Tooltip>
      )}
    </Box>
  );
}

/**
 * Who is in a class: attendee, age, waiver and check-in state, with present/absent marks and walk-ins.
 * Used on /class-instances (instructors) and /admin/attendance.
 */
export function ClassRoster({
  klass,
  isAdmin,
  now: givenNow,
  showBookedCount = true,
}: {
  klass: RosterClass;
  isAdmin: boolean;
  /** The time to judge the class by; the current time when not given. */
  now?: number;
  showBookedCount?: boolean;
}) {
  const clock = useNow(ROSTER_CLOCK_MS);
  const now = givenNow ?? clock;
  const { data, loading, error, refetch } = useQuery(ClassRosterDocument, { variables: { classInstanceId: klass.id } });
  const [adding, setAdding] = useState(false);
  const roster = data?.classRoster ?? [];
  const summary = summarizeRoster(roster);
  const cancelled = klass.status === 'cancelled';
  const marksOpen = !cancelled && canMarkAttendance(klass.startsAt, now);
  const ended = hasEnded(klass.endsAt, now);

  if (error) {
    return <LoadErrorAlert error={error} fallback="The roster could not be loaded." onRetry={() => void refetch()} />;
  }

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5, mb: 1.5 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }} aria-label="Attendance summary" role="group">
          {showBookedCount && <Chip size="small" label={`${summary.booked} of ${klass.capacity} booked`} />}
          <Chip size="small" color="success" variant="outlined" label={`${summary.checkedIn} checked in`} />
          {summary.noShows > 0 && (
            <Chip size="small" color="error" variant="outlined" label={`${summary.noShows} no-show${summary.noShows === 1 ? '' : 's'}`} />
          )}
          {summary.lateCancels > 0 && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label={`${summary.lateCancels} late cancellation${summary.lateCancels === 1 ? '' : 's'}`}
            />
          )}
          {marksOpen && summary.notMarked > 0 && <Chip size="small" variant="outlined" label={`${summary.notMarked} not marked`} />}
        </Box>
        {!cancelled && (
          <Tooltip title={ended ? 'This class has ended.' : ''}>
            <span>
              <Button size="small" variant="outlined" startIcon={<PersonAddAlt1Rounded />} onClick={() => setAdding(true)} disabled={ended}>
                {marksOpen ? 'Add walk-in' : 'Add attendee'}
              </Button>
            </span>
          </Tooltip>
        )}
      </Box>
      {klass.notes && (
        <Alert severity="info" icon={false} sx={{ mb: 1.5 }}>
          <strong>Notes:</strong> {klass.notes}
        </Alert>
      )}
      {cancelled ? (
        <Alert severity="warning" sx={{ mb: 1.5 }}>
          This class was cancelled; everyone booked was told and their spots released.
        </Alert>
      ) : (
        !marksOpen && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            Attendance can be marked from {formatTime(markingOpensAt(klass.startTime))} (30 minutes before class).
          </Typography>
        )
      )}
      <Box sx={{ border: 1, borderColor: 'divider', borderRadius: '12px', bgcolor: 'background.paper' }}>
        {loading && !data ? (
          <Box sx={{ p: 2, display: 'grid', gap: 1 }}>
            <Skeleton height={40} />
            <Skeleton height={40} />
          </Box>
        ) : roster.length === 0 ? (
          <EmptyState dense icon={<GroupsRounded />} title="Nobody booked yet">
            {cancelled ? 'No one was booked.' : 'Bookings and walk-ins appear here.'}
          </EmptyState>
        ) : (
          <Box component="ul" aria-label={`Roster of ${klass.blueprint.name}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {roster.map((b) => (
              <RosterRow key={b.id} booking={b} marksOpen={marksOpen} ended={ended} className={klass.blueprint.name} />
            ))}
          </Box>
        )}
      </Box>
      {adding && (
        <AddAttendeeDialog
          klass={{
            id: klass.id,
            name: klass.blueprint.name,
            capacity: klass.capacity,
            spotsLeft: klass.spotsLeft,
            checkInPossible: marksOpen,
          }}
          isAdmin={isAdmin}
          onClose={() => setAdding(false)}
        />
      )}
    </Box>
  );
}

import { ageRangeLabel } from '@studio/rules';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ClassBookingStateFragment, ScheduleClassFragment } from './ClassCard.generated';
import { InstructorAvatar } from '../instructors/InstructorAvatar';
import { visuallyHidden } from '../ui';
import { apparatusColor, apparatusInk, levelLabel, spotsColors, spotsInfo } from './classLabels';
import { formatLongDay, formatTime, formatTimeRange } from '../../app/dates';

/** A class as the schedule lists it (the booking state is there for signed-in viewers). */
export type ScheduleClass = ScheduleClassFragment &
  Partial<Pick<ClassBookingStateFragment, 'myBookings' | 'myWaitlistEntries' | 'rigPoints'>>;

export function isPast(c: Pick<ScheduleClassFragment, 'startsAt'>, now = Date.now()): boolean {
  return new Date(c.startsAt).getTime() <= now;
}

export function hasEnded(c: Pick<ScheduleClassFragment, 'endsAt'>, now = Date.now()): boolean {
  return new Date(c.endsAt).getTime() <= now;
}

/** The little coloured badge with spots left ("Full · 3 waiting"). */
export function SpotsBadge({
  c,
  size = 'medium',
}: {
  c: Pick<ScheduleClassFragment, 'spotsLeft' | 'waitlistLength' | 'status'> & Partial<Pick<ScheduleClassFragment, 'startsAt' | 'endsAt'>>;
  size?: 'small' | 'medium';
}) {
  const info = spotsInfo(c);
  const colors = spotsColors[info.tone];
  return (
    <Box
      component="span"
      data-testid="spots"
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        px: size === 'small' ? 0.75 : 1,
        py: size === 'small' ? 0.125 : 0.25,
        borderRadius: 99,
        fontSize: size === 'small' ? 11.5 : 12.5,
        fontWeight: 'fontWeightBold',
        lineHeight: 1.5,
        whiteSpace: 'nowrap',
        color: colors.fg,
        bgcolor: colors.bg,
      }}
    >
      {info.label}
    </Box>
  );
}

/** "You're booked", "Held", "#2 in line" for the viewer's family, when there is something to say. */
export function myPlaceLabel(c: ScheduleClass): string | null {
  const bookings = c.myBookings ?? [];
  if (bookings.length) {
    const held = bookings.some((b) => b.status === 'held');
    const names = bookings.map((b) => b.attendee.firstName).join(', ');
    return `${held ? 'Held' : 'Booked'}: ${names}`;
  }
  const waiting = (c.myWaitlistEntries ?? []).filter((w) => w.position != null);
  if (waiting.length) return waiting.map((w) => `${w.attendee.firstName} #${w.position} in line`).join(', ');
  return null;
}

/** A small label among a card's badges. */
const PILL = { fontSize: 11.5, fontWeight: 'fontWeightBold', px: 0.75, py: 0.125, borderRadius: 99, lineHeight: 1.5 } as const;

/** One class in the week view (a narrow column card) and in day lists (a row with the time on the left). */
export function ClassCard({ c, onOpen, dense = false }: { c: ScheduleClass; onOpen: (c: ScheduleClass) => void; dense?: boolean }) {
  const accent = apparatusColor(c.blueprint.apparatus.name);
  const past = isPast(c);
  const cancelled = c.status === 'cancelled';
  const mine = myPlaceLabel(c);
  const name = (
    <Typography
      component="span"
      sx={{
        display: 'block',
        fontWeight: 'fontWeightBold',
        fontSize: dense ? 14.5 : 15.5,
        lineHeight: 1.3,
        textDecoration: cancelled ? 'line-through' : 'none',
        overflowWrap: 'anywhere',
      }}
    >
      {c.blueprint.name}
    </Typography>
  );
  const meta = (
    <>
      <Typography component="span" sx={{ display: 'block', fontSize: 13, color: 'text.secondary', mt: 0.25 }}>
        <Box component="span" sx={{ color: apparatusInk(c.blueprint.apparatus.name), fontWeight: 'fontWeightBold' }}>
          {c.blueprint.apparatus.name}
        </Box>{' '}
        · {levelLabel(c.blueprint.level)}
        {!dense && (
          <>
            {' · '}
            <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, verticalAlign: 'bottom' }}>
              <InstructorAvatar name={c.instructor.name} photoUrl={c.instructor.photoUrl} size={18} />
              {c.instructor.name}
            </Box>
          </>
        )}
      </Typography>
      {dense && (
        <Typography
          component="span"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, fontSize: 13, color: 'text.secondary', mt: 0.25, minWidth: 0 }}
        >
          <InstructorAvatar name={c.instructor.name} photoUrl={c.instructor.photoUrl} size={18} />
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            with {c.instructor.name}
          </Box>
        </Typography>
      )}
    </>
  );
  const ages = ageRangeLabel(c.blueprint.minAge, c.blueprint.maxAge);
  const badges = (
    <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: dense ? 1 : 0.75 }}>
      <SpotsBadge c={c} size="small" />
      {mine && (
        <Box component="span" sx={{ ...PILL, bgcolor: (t) => alpha(t.palette.primary.main, 0.1), color: 'primary.dark' }}>
          {mine}
        </Box>
      )}
      {c.blueprint.bookingGated && (
        <Box component="span" sx={{ ...PILL, border: 1, borderColor: 'divider' }}>
          Moves required
        </Box>
      )}
      {ages && (
        <Box component="span" sx={{ ...PILL, border: 1, borderColor: 'divider' }}>
          {ages}
        </Box>
      )}
    </Box>
  );
  return (
    <ButtonBase
      onClick={() => onOpen(c)}
      data-testid="class-card"
      data-class-id={c.id}
      sx={{
        display: dense ? 'block' : 'grid',
        gridTemplateColumns: dense ? undefined : '76px minmax(0, 1fr)',
        columnGap: 1.5,
        alignItems: 'start',
        // Within its day's column at every width: a long instructor name is cut short, not pushed past the column.
        width: '100%',
        minWidth: 0,
        boxSizing: 'border-box',
        overflow: 'hidden',
        textAlign: 'left',
        borderRadius: '12px',
        border: 1,
        borderColor: 'divider',
        borderLeft: `4px solid ${accent}`,
        // Past and cancelled classes are quieter, without fading text below readable contrast.
        bgcolor: past || cancelled ? 'studio.surface.past' : 'background.paper',
        borderLeftColor: past || cancelled ? alpha(accent, 0.45) : accent,
        color: past || cancelled ? 'text.secondary' : 'text.primary',
        p: dense ? 1.25 : 1.5,
        transition: 'box-shadow 150ms ease, border-color 150ms ease',
        '&:hover': { boxShadow: `0 6px 18px ${alpha(accent, 0.16)}`, borderColor: alpha(accent, 0.5), borderLeftColor: accent },
        '&.Mui-focusVisible': { outline: `3px solid ${alpha(accent, 0.45)}`, outlineOffset: 2 },
      }}
    >
      <Box component="span" sx={visuallyHidden}>
        {formatLongDay(c.date)},{' '}
      </Box>
      {dense ? (
        <>
          <Typography
            component="span"
            sx={{
              display: 'block',
              fontSize: 12.5,
              fontWeight: 'fontWeightBold',
              color: 'text.secondary',
              letterSpacing: '0.01em',
              mb: 0.25,
            }}
          >
            {formatTimeRange(c.startTime, c.endTime)}
          </Typography>
          {name}
          {meta}
          {badges}
        </>
      ) : (
        <>
          <Box component="span" sx={{ display: 'block', pt: 0.125 }}>
            <Typography component="span" sx={{ display: 'block', fontSize: 15, fontWeight: 'fontWeightExtraBold', whiteSpace: 'nowrap' }}>
              {formatTime(c.startTime)}
            </Typography>
            <Typography component="span" sx={{ display: 'block', fontSize: 12.5, color: 'text.secondary', whiteSpace: 'nowrap' }}>
              {c.blueprint.durationMinutes} min
            </Typography>
          </Box>
          <Box component="span" sx={{ display: 'block', minWidth: 0 }}>
            {name}
            {meta}
            {badges}
          </Box>
        </>
      )}
    </ButtonBase>
  );
}

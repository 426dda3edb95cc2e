import { ageRangeLabel, formatMoney } from '@studio/rules';
import AccessTimeRounded from '@mui/icons-material/AccessTimeRounded';
import CloseRounded from '@mui/icons-material/CloseRounded';
import EventBusyRounded from '@mui/icons-material/EventBusyRounded';
import EventRounded from '@mui/icons-material/EventRounded';
import GroupsRounded from '@mui/icons-material/GroupsRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import { alpha, useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState, type ReactNode } from 'react';
import { DialogFooterContext } from './dialogFooter';
import { AddToCalendarButton } from '../calendar/AddToCalendarButton';
import { InstructorAvatar } from '../instructors/InstructorAvatar';
import { InstructorCard } from '../instructors/InstructorCard';
import { cancellationPolicy, lateCancelConsequence } from './cancellationPolicy';
import { SpotsBadge, hasEnded, isPast, type ScheduleClass } from './ClassCard';
import type { ClassDetailsExtraFragment } from './schedule.generated';
import { apparatusColor, apparatusInk, levelLabel } from './classLabels';
import { formatDay, formatLongDay, formatTimeRange, formatTimestampShortDay, relativeDay } from '../../app/dates';

/** A class as its details show it: the card's fields, and (from ClassDetails) its cancellation policy and instructor profile. */
export type ClassDetails = ScheduleClass & Partial<ClassDetailsExtraFragment>;

function InfoRow({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minHeight: 28 }}>
      <Box
        aria-hidden
        sx={{ color: 'text.secondary', display: 'grid', placeItems: 'center', width: 24, flexShrink: 0, '& svg': { fontSize: 20 } }}
      >
        {icon}
      </Box>
      <Box sx={{ fontSize: 15, minWidth: 0 }}>{children}</Box>
    </Box>
  );
}

/** "Booking opens Mar 1" for classes beyond the booking window. */
export function bookingOpensLabel(c: Pick<ScheduleClass, 'bookingOpensAt'>): string {
  const when = new Date(c.bookingOpensAt);
  if (Number.isNaN(when.getTime())) return 'Booking is not open yet.';
  return `Booking opens ${formatTimestampShortDay(when)}.`;
}

/** The family's confirmed places in a class, each with "Add to calendar". */
function MyBookedPlaces({ c }: { c: ClassDetails }) {
  const confirmed = (c.myBookings ?? []).filter((b) => b.status === 'confirmed');
  if (!confirmed.length) return null;
  return (
    <Box component="ul" aria-label="Your bookings in this class" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {confirmed.map((b) => (
        <Box
          component="li"
          key={b.id}
          sx={{
            display: 'flex',
            alignItems: 'center',
            flexWrap: 'wrap',
            gap: 1,
            justifyContent: 'space-between',
            px: 1.5,
            py: 1,
            borderRadius: '12px',
            bgcolor: 'studio.tone.open.tint',
          }}
        >
          <Typography sx={{ fontWeight: 'fontWeightBold', color: 'studio.tone.open.ink', fontSize: 15 }}>
            Booked: {b.attendee.firstName}
          </Typography>
          <AddToCalendarButton bookingId={b.id} what={`${b.attendee.firstName}’s ${c.blueprint.name} on ${formatDay(c.date)}`} />
        </Box>
      ))}
    </Box>
  );
}

/** What a class is, when, with whom, how full and how it can be cancelled: shared by /calendar and /classes. */
export function ClassSummary({ c }: { c: ClassDetails }) {
  const accent = apparatusColor(c.blueprint.apparatus.name);
  const rel = relativeDay(c.date);
  const upcoming = c.status !== 'cancelled' && !isPast(c);
  const ages = ageRangeLabel(c.blueprint.minAge, c.blueprint.maxAge);
  const policy = upcoming && c.freeCancellationUntil ? cancellationPolicy(c.freeCancellationUntil) : null;
  const profile = c.instructor && 'bio' in c.instructor ? (c.instructor as ClassDetailsExtraFragment['instructor']) : null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
        <Chip
          size="small"
          label={c.blueprint.apparatus.name}
          sx={{ bgcolor: alpha(accent, 0.12), color: apparatusInk(c.blueprint.apparatus.name), fontWeight: 'fontWeightBold' }}
        />
        <Chip size="small" label={levelLabel(c.blueprint.level)} variant="outlined" sx={{ borderColor: 'divider' }} />
        {c.blueprint.bookingGated && <Chip size="small" label="Moves required" variant="outlined" sx={{ borderColor: 'divider' }} />}
        {ages && <Chip size="small" label={ages} variant="outlined" sx={{ borderColor: 'divider' }} />}
        <Chip
          size="small"
          label={c.blueprint.dropInPriceCents > 0 ? `${formatMoney(c.blueprint.dropInPriceCents)} drop-in` : 'Free'}
          variant="outlined"
          sx={{ borderColor: 'divider' }}
        />
      </Box>
      <Box sx={{ display: 'grid', gap: 0.75 }}>
        <InfoRow icon={<EventRounded />}>
          {formatLongDay(c.date)}
          {rel && (
            <Box component="span" sx={{ color: 'primary.main', fontWeight: 'fontWeightBold' }}>
              {' '}
              · {rel}
            </Box>
          )}
        </InfoRow>
        <InfoRow icon={<AccessTimeRounded />}>
          {formatTimeRange(c.startTime, c.endTime)}{' '}
          <Box component="span" sx={{ color: 'text.secondary' }}>
            ({c.blueprint.durationMinutes} min)
          </Box>
        </InfoRow>
        <InfoRow icon={<InstructorAvatar name={c.instructor.name} photoUrl={c.instructor.photoUrl} size={24} />}>
          with {c.instructor.name}
        </InfoRow>
        <InfoRow icon={<GroupsRounded />}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <SpotsBadge c={c} />
            <Typography component="span" variant="body2" color="text.secondary">
              Class of {c.capacity}
            </Typography>
          </Box>
        </InfoRow>
        {policy && (
          <InfoRow icon={<EventBusyRounded />}>
            <Box component="span" data-testid="cancellation-policy" sx={{ display: 'block', py: 0.25 }}>
              {policy.text}
              <Box component="span" sx={{ display: 'block', color: 'text.secondary', fontSize: 13.5 }}>
                {lateCancelConsequence(
                  c.lateCancelFeeCents !== undefined && c.noShowFeeCents !== undefined
                    ? { lateCancelFeeCents: c.lateCancelFeeCents, noShowFeeCents: c.noShowFeeCents }
                    : null,
                )}
              </Box>
            </Box>
          </InfoRow>
        )}
      </Box>
      {upcoming && <MyBookedPlaces c={c} />}
      {c.blueprint.description && <Typography sx={{ color: 'text.primary', lineHeight: 1.6 }}>{c.blueprint.description}</Typography>}
      {profile && <InstructorCard instructor={profile} />}
      {c.notes && (
        <Alert severity="info" variant="outlined">
          {c.notes}
        </Alert>
      )}
      {c.status === 'cancelled' ? (
        <Alert severity="warning">This class has been cancelled.</Alert>
      ) : hasEnded(c) ? (
        <Alert severity="info">This class has ended.</Alert>
      ) : isPast(c) ? (
        <Alert severity="info">This class has already started.</Alert>
      ) : !c.bookable ? (
        <Alert severity="info">{bookingOpensLabel(c)}</Alert>
      ) : null}
    </Box>
  );
}

interface ClassDetailsDialogProps {
  c: ClassDetails | null;
  open: boolean;
  onClose: () => void;
  /** Extra content under the summary (the booking form on /classes). */
  children?: ReactNode;
  actions?: ReactNode;
}

export function ClassDetailsDialog({ c, open, onClose, children, actions }: ClassDetailsDialogProps) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  const [footer, setFooter] = useState<HTMLElement | null>(null);
  return (
    <Dialog open={open && Boolean(c)} onClose={onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {c && (
        <>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'flex-start',
              gap: 1,
              px: 3,
              pt: 2.5,
              pb: 1,
              borderTop: `5px solid ${apparatusColor(c.blueprint.apparatus.name)}`,
            }}
          >
            <Typography
              id={titleId}
              component="h2"
              variant="h5"
              sx={{ flex: 1, fontSize: { xs: 22, sm: 24 }, pt: 0.5, overflowWrap: 'anywhere' }}
            >
              {c.blueprint.name}
            </Typography>
            <IconButton aria-label="Close" onClick={onClose} sx={{ mr: -1 }}>
              <CloseRounded />
            </IconButton>
          </Box>
          {/* Focusable: on a phone the details scroll, and a keyboard user must be able to scroll them. */}
          <DialogContent tabIndex={0} sx={{ pt: 1 }}>
            <ClassSummary c={c} />
            {children && (
              <DialogFooterContext.Provider value={footer}>
                <Box sx={{ mt: 3 }}>{children}</Box>
              </DialogFooterContext.Provider>
            )}
          </DialogContent>
          {/* Below the scrolling details at every height: the booking action is always in reach. */}
          <Box ref={setFooter} sx={{ '&:empty': { display: 'none' } }} />
          {actions && <DialogActions sx={{ px: 3, pb: 2.5, pt: 1, gap: 1, flexWrap: 'wrap' }}>{actions}</DialogActions>}
        </>
      )}
    </Dialog>
  );
}

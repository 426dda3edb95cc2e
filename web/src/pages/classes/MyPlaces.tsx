import { formatMoney, fullName } from '@studio/rules';
import { useQuery } from '@apollo/client/react';
import EventAvailableRounded from '@mui/icons-material/EventAvailableRounded';
import HourglassEmptyRounded from '@mui/icons-material/HourglassEmptyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useCallback, useState, type ReactNode } from 'react';
import { errorMessage, refusalReason } from '../../app/errors';
import { useAuth } from '../../app/session';
import { useToast } from '../../app/toast';
import { AddToCalendarButton } from '../../components/calendar/AddToCalendarButton';
import { cancellationPolicy, cancelsLate, lateCancelConsequence } from '../../components/schedule/cancellationPolicy';
import { apparatusColor, apparatusInk } from '../../components/schedule/classLabels';
import { HoldCountdown } from '../../components/schedule/holds';
import { type MyBookingFragment, MyBookingsDocument, MyWaitlistDocument, type MyWaitlistEntryFragment } from './classes.generated';
import { formatDay, formatLongDay, formatMonthShort, formatTime, formatTimeRange, formatTimestampWithWeekday } from '../../app/dates';
import { useCancelBooking } from './useCancelBooking';
import { useClaimSpot } from './useClaimSpot';
import { useLeaveWaitlist } from './useLeaveWaitlist';

/** What the member can do with a booking, in words. */
export function bookingState(b: Pick<MyBookingFragment, 'status' | 'source' | 'paymentStatus'>): 'booked' | 'offer-free' | 'in-cart' {
  if (b.status !== 'held') return 'booked';
  return b.paymentStatus === 'unpaid' ? 'in-cart' : 'offer-free';
}

/** The calendar-page style date block: "MAR" over "3". */
function DateBlock({ iso, color, ink }: { iso: string; color: string; ink: string }) {
  const month = formatMonthShort(iso);
  return (
    <Box
      aria-hidden
      sx={{ width: 52, flexShrink: 0, textAlign: 'center', borderRadius: '12px', bgcolor: alpha(color, 0.1), color: ink, py: 0.75 }}
    >
      <Box sx={{ fontSize: 11, fontWeight: 'fontWeightExtraBold', textTransform: 'uppercase', letterSpacing: '0.08em' }}>{month}</Box>
      <Box sx={{ fontSize: 22, fontWeight: 'fontWeightExtraBold', lineHeight: 1.1 }}>{Number(iso.slice(8, 10))}</Box>
    </Box>
  );
}

function PlaceRow({
  c,
  who,
  extra,
  status,
  note,
  actions,
}: {
  c: MyWaitlistEntryFragment['classInstance'];
  who: string;
  extra?: string | null;
  status: ReactNode;
  /** A line under the status (the booking's cancellation policy). */
  note?: ReactNode;
  actions: ReactNode;
}) {
  const color = apparatusColor(c.blueprint.apparatus.name);
  return (
    <Box
      component="li"
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: { xs: 'flex-start', sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
        py: 1.75,
        '&:not(:first-of-type)': { borderTop: 1, borderColor: 'divider' },
      }}
    >
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flex: 1, minWidth: 0 }}>
        <DateBlock iso={c.date} color={color} ink={apparatusInk(c.blueprint.apparatus.name)} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 'fontWeightBold', overflowWrap: 'anywhere' }}>{c.blueprint.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDay(c.date)} · {formatTimeRange(c.startTime, c.endTime)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {who}
            {extra ? ` · ${extra}` : ''}
          </Typography>
          <Box sx={{ mt: 0.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', fontSize: 14 }}>{status}</Box>
          {note}
        </Box>
      </Box>
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          flexShrink: 0,
          alignSelf: { xs: 'stretch', sm: 'center' },
          justifyContent: { xs: 'flex-end', sm: 'flex-start' },
        }}
      >
        {actions}
      </Box>
    </Box>
  );
}

/** A complimentary membership paid for the booking: no late-cancellation or no-show fee applies. */
const feeExempt = (booking: MyBookingFragment) => booking.paymentStatus === 'covered' && /\(complimentary\)$/.test(booking.coveredBy ?? '');

/** A booking's cancellation policy under its row: until when it is free, or that cancelling now counts as late. */
function PolicyNote({ booking }: { booking: MyBookingFragment }) {
  if (booking.status !== 'confirmed') return null;
  const policy = cancellationPolicy(booking.classInstance.freeCancellationUntil);
  const fee = feeExempt(booking) ? 0 : booking.classInstance.lateCancelFeeCents;
  return (
    <Typography
      variant="body2"
      data-testid="booking-policy"
      sx={{ mt: 0.5, fontSize: 13, color: policy.late ? 'studio.tone.few.ink' : 'text.secondary' }}
    >
      {policy.late
        ? `Cancelling now counts as a late cancellation${fee > 0 ? ` (${formatMoney(fee)} fee)` : ''}.`
        : `Free cancellation until ${formatTimestampWithWeekday(booking.classInstance.freeCancellationUntil)}${fee > 0 ? `; later: ${formatMoney(fee)} fee` : ''}`}
    </Typography>
  );
}

function CancelDialog({ booking, onClose }: { booking: MyBookingFragment | null; onClose: () => void }) {
  const { toast } = useToast();
  const [error, setError] = useState<string | null>(null);
  /** The server's word that the cutoff passed while this dialog was open (it then asks again, with the consequence). */
  const [lateNotice, setLateNotice] = useState<string | null>(null);
  const [cancel, { loading }] = useCancelBooking();
  if (!booking) return null;
  const held = booking.status === 'held';
  const c = booking.classInstance;
  const late = lateNotice !== null || cancelsLate(booking, c.freeCancellationUntil);
  const close = () => {
    setError(null);
    setLateNotice(null);
    onClose();
  };
  const confirm = async () => {
    setError(null);
    try {
      const { data } = await cancel({ variables: { bookingId: booking.id, lateCancelAccepted: late } });
      toast({
        title: held ? 'Spot released' : data?.cancelBooking.lateCancel ? 'Cancelled (late)' : 'Booking cancelled',
        description: `${booking.attendee.firstName}’s spot in ${c.blueprint.name} on ${formatLongDay(c.date)} is released.`,
        variant: 'success',
      });
      close();
    } catch (err) {
      if (refusalReason(err) === 'LATE_CANCEL') setLateNotice(errorMessage(err));
      else setError(errorMessage(err, 'The booking could not be cancelled. Please try again.'));
    }
  };
  return (
    <Dialog open onClose={close} maxWidth="xs" fullWidth aria-labelledby="cancel-booking-title">
      <DialogTitle id="cancel-booking-title" sx={{ fontWeight: 'fontWeightExtraBold' }}>
        {held ? 'Release this spot?' : late ? 'Cancel late?' : 'Cancel this booking?'}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <Typography>
          {booking.attendee.firstName}’s spot in <strong>{c.blueprint.name}</strong> on {formatLongDay(c.date)} at {formatTime(c.startTime)}{' '}
          will be released for someone else.
        </Typography>
        {late ? (
          <Alert severity="warning" data-testid="late-cancel-warning">
            <strong>This is a late cancellation.</strong>{' '}
            {lateNotice ?? `Free cancellation ended ${formatTimestampWithWeekday(c.freeCancellationUntil)}.`}{' '}
            {lateNotice && c.lateCancelFeeCents > 0 ? null : lateCancelConsequence(c, feeExempt(booking))}
          </Alert>
        ) : (
          !held && (
            <Typography variant="body2" color="text.secondary">
              Free cancellation until {formatTimestampWithWeekday(c.freeCancellationUntil)}: this cancellation is free.
            </Typography>
          )
        )}
        {error && <Alert severity="error">{error}</Alert>}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button onClick={close} disabled={loading}>
          Keep it
        </Button>
        <Button variant="contained" color={late ? 'warning' : 'primary'} onClick={() => void confirm()} disabled={loading}>
          {loading ? 'Cancelling…' : held ? 'Release spot' : late ? 'Cancel late' : 'Cancel booking'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function SectionCard({
  id,
  title,
  icon,
  count,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  count?: number;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={id} sx={{ px: { xs: 2, sm: 2.5 }, py: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <Box aria-hidden sx={{ color: 'primary.main', display: 'grid' }}>
          {icon}
        </Box>
        <Typography id={id} component="h2" variant="h6" sx={{ fontSize: 18 }}>
          {title}
        </Typography>
        {count !== undefined && count > 0 && <Chip size="small" label={count} sx={{ ml: 0.5 }} />}
      </Box>
      {children}
    </Card>
  );
}

/** "My bookings" and "My waitlist": holds with a countdown, free offers to claim, cancellation with the cutoff. */
export function MyPlaces() {
  const { user } = useAuth();
  const { toast } = useToast();
  // Fresh on every visit: the route's preload (ClassesPage.preload.ts) asks the server; these read its answer.
  const bookings = useQuery(MyBookingsDocument);
  const waitlist = useQuery(MyWaitlistDocument);
  const [cancelling, setCancelling] = useState<MyBookingFragment | null>(null);
  const [claim, { loading: claiming }] = useClaimSpot();
  const [leave, { loading: leaving }] = useLeaveWaitlist();
  const refetchBookings = bookings.refetch;
  const onHoldExpired = useCallback(() => {
    void refetchBookings().catch(() => undefined);
  }, [refetchBookings]);

  const who = (a: { id: string; firstName: string; lastName: string }) => (a.id === user?.id ? 'For you' : `For ${fullName(a)}`);

  const claimSpot = async (b: MyBookingFragment) => {
    try {
      await claim({ variables: { bookingId: b.id } });
      toast({
        title: 'Spot claimed',
        description: `${b.attendee.firstName} is booked into ${b.classInstance.blueprint.name}.`,
        variant: 'success',
      });
    } catch (err) {
      toast({ title: 'Could not claim the spot', description: errorMessage(err), variant: 'error' });
    }
  };
  const leaveWaitlist = async (w: MyWaitlistEntryFragment) => {
    try {
      await leave({ variables: { entryId: w.id } });
      toast({
        title: 'Left the waitlist',
        description: `${w.attendee.firstName} is no longer waiting for ${w.classInstance.blueprint.name}.`,
      });
    } catch (err) {
      toast({ title: 'Could not leave the waitlist', description: errorMessage(err), variant: 'error' });
    }
  };

  const bookingList = bookings.data?.myBookings ?? [];
  const waiting = (waitlist.data?.myWaitlist ?? []).filter((w) => w.status === 'waiting');

  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}>
      <SectionCard id="my-bookings-title" title="My bookings" icon={<EventAvailableRounded />} count={bookingList.length}>
        {bookings.error && !bookings.data ? (
          <Alert severity="error" sx={{ my: 1 }}>
            {errorMessage(bookings.error, 'Your bookings could not be loaded.')}
          </Alert>
        ) : !bookings.data ? (
          <Box sx={{ py: 1 }}>
            <Skeleton height={64} />
            <Skeleton height={64} />
          </Box>
        ) : bookingList.length === 0 ? (
          <Box sx={{ py: 1.5 }}>
            <Typography sx={{ fontWeight: 'fontWeightBold' }}>No upcoming classes booked</Typography>
            <Typography variant="body2" color="text.secondary">
              Pick a class below to book a spot for yourself or your family.
            </Typography>
          </Box>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {bookingList.map((b) => {
              const state = bookingState(b);
              return (
                <PlaceRow
                  key={b.id}
                  c={b.classInstance}
                  who={who(b.attendee)}
                  extra={[b.rigPoint?.name, b.coveredBy && `Paid by ${b.coveredBy}`].filter(Boolean).join(' · ') || undefined}
                  status={
                    state === 'booked' ? (
                      <Chip size="small" label="Booked" sx={{ bgcolor: 'studio.tone.open.tint', color: 'studio.tone.open.ink' }} />
                    ) : state === 'in-cart' ? (
                      <>
                        <Chip
                          size="small"
                          label={b.source === 'waitlist' ? 'Offered · in your cart' : 'In your cart'}
                          color="primary"
                          variant="outlined"
                        />
                        <HoldCountdown until={b.holdExpiresAt} onExpire={onHoldExpired} />
                      </>
                    ) : (
                      <>
                        <Chip size="small" label="Spot offered" color="primary" />
                        <HoldCountdown until={b.holdExpiresAt} onExpire={onHoldExpired} prefix="Claim within" />
                      </>
                    )
                  }
                  note={<PolicyNote booking={b} />}
                  actions={
                    <>
                      {b.status === 'confirmed' && (
                        <AddToCalendarButton
                          compact
                          bookingId={b.id}
                          what={`${b.attendee.firstName}’s ${b.classInstance.blueprint.name} on ${formatDay(b.classInstance.date)}`}
                        />
                      )}
                      {state === 'offer-free' && (
                        <Button variant="contained" size="small" onClick={() => void claimSpot(b)} disabled={claiming}>
                          Claim spot
                        </Button>
                      )}
                      <Button
                        size="small"
                        variant="outlined"
                        color="inherit"
                        onClick={() => setCancelling(b)}
                        sx={{ borderColor: 'divider' }}
                      >
                        {state === 'booked' ? 'Cancel' : 'Release'}
                      </Button>
                    </>
                  }
                />
              );
            })}
          </Box>
        )}
      </SectionCard>

      <SectionCard id="my-waitlist-title" title="My waitlist" icon={<HourglassEmptyRounded />} count={waiting.length}>
        {waitlist.error && !waitlist.data ? (
          <Alert severity="error" sx={{ my: 1 }}>
            {errorMessage(waitlist.error, 'Your waitlist places could not be loaded.')}
          </Alert>
        ) : !waitlist.data ? (
          <Skeleton height={64} />
        ) : waiting.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1.5 }}>
            You’re not waiting for any class. When a class is full, join its waitlist and the next free spot is held for you.
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {waiting.map((w) => (
              <PlaceRow
                key={w.id}
                c={w.classInstance}
                who={who(w.attendee)}
                status={
                  <Chip size="small" label={w.position ? `#${w.position} in line` : 'Waiting'} color="secondary" variant="outlined" />
                }
                actions={
                  <Button
                    size="small"
                    variant="outlined"
                    color="inherit"
                    onClick={() => void leaveWaitlist(w)}
                    disabled={leaving}
                    sx={{ borderColor: 'divider' }}
                  >
                    Leave
                  </Button>
                }
              />
            ))}
          </Box>
        )}
      </SectionCard>

      <CancelDialog key={cancelling?.id} booking={cancelling} onClose={() => setCancelling(null)} />
    </Box>
  );
}

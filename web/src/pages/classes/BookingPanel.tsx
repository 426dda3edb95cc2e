import { formatMoney, fullName } from '@studio/rules';
import { useApolloClient, useQuery } from '@apollo/client/react';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorCode, errorMessage, fieldErrorsOf, refusalReason } from '../../app/errors';
import { useAuth, type SessionUser } from '../../app/session';
import { useToast } from '../../app/toast';
import { isPast, type ScheduleClass } from '../../components/schedule/ClassCard';
import { formatDay, formatTime } from '../../app/dates';
import { ClassDetailsDocument } from '../../components/schedule/schedule.generated';
import { ClassRequirementCheckDocument, type BookingCoversQuery, type ClassRequirementCheckQuery } from './classes.generated';
import { useBookClass } from './useBookClass';
import { useJoinWaitlist } from './useJoinWaitlist';

export interface Attendee {
  id: string;
  name: string;
  firstName: string;
  isSelf: boolean;
  /** Why this person cannot be picked for this class (null: they can). */
  blocked: string | null;
  /** A signed waiver is missing. */
  needsWaiver: boolean;
}

/**
 * Who may be booked into a class: the member and the minors in their family. Adults in the family book with their
 * own account; people without a signed waiver, or already booked or waiting for this class, cannot be picked.
 */
export function attendeesFor(user: SessionUser, c: ScheduleClass): Attendee[] {
  const booked = new Map((c.myBookings ?? []).map((b) => [b.attendee.id, b]));
  const waiting = new Map((c.myWaitlistEntries ?? []).map((w) => [w.attendee.id, w]));
  // You first, then the children, then adults in the family (who cannot be picked here).
  const family = [...user.familyMembers].sort((a, b) => Number(!a.isMinor) - Number(!b.isMinor));
  const people = [
    {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      isMinor: user.isMinor,
      waiverSigned: user.waiverSigned,
      isSelf: true,
    },
    ...family.map((m) => ({
      id: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      isMinor: m.isMinor,
      waiverSigned: m.waiverSigned,
      isSelf: false,
    })),
  ];
  return people.map((p) => {
    const booking = booked.get(p.id);
    const entry = waiting.get(p.id);
    let blocked: string | null = null;
    if (!p.isSelf && !p.isMinor) blocked = 'Books with their own account';
    else if (booking) blocked = booking.status === 'held' ? 'Spot held' : 'Already booked';
    else if (entry) blocked = entry.position ? `On the waitlist, #${entry.position} in line` : 'On the waitlist';
    else if (!p.waiverSigned) blocked = 'Needs a signed waiver';
    return {
      id: p.id,
      firstName: p.firstName,
      name: p.isSelf ? `${p.firstName} (you)` : fullName(p),
      isSelf: p.isSelf,
      blocked,
      needsWaiver: !p.waiverSigned && (p.isSelf || p.isMinor),
    };
  });
}

export type BookingCover = BookingCoversQuery['bookingCovers'][number];

/** What the booking button says: what will pay for the spot (a membership or pack, with what it has left), or the price. */
export function bookButtonLabel(c: Pick<ScheduleClass, 'blueprint'>, cover: BookingCover | undefined): string {
  if (c.blueprint.dropInPriceCents === 0) return 'Book free class';
  if (cover?.paidWith) return `Book with ${cover.paidWith}${cover.classesLeft === null ? '' : ` (${cover.classesLeft} left)`}`;
  return `Book · ${formatMoney(cover?.priceCents ?? c.blueprint.dropInPriceCents)}`;
}

/** The line beside the button: what happens when it is pressed. */
function bookingNote(c: Pick<ScheduleClass, 'blueprint'>, cover: BookingCover | undefined): string {
  if (c.blueprint.dropInPriceCents === 0) return 'Free class: your spot is confirmed right away.';
  if (cover?.paidWith) return `Paid by ${cover.paidWith}: the spot is confirmed right away.`;
  if (cover) return 'Held in your cart for 15 minutes while you pay.';
  return 'Paid by your membership or class pack when one covers it; otherwise held in your cart for 15 minutes.';
}

type RequirementCheck = ClassRequirementCheckQuery['classRequirementCheck'];

/** What a gated class asks of the person picked, and whether they have it, said before the click. */
export function requirementNote(check: RequirementCheck, who: Pick<Attendee, 'isSelf' | 'firstName'>): string {
  const has = who.isSelf ? 'You have' : `${who.firstName} has`;
  if (check.met) return `Requires ${check.requirement}: ${has} it signed off.`;
  if (check.overridden) return `Requires ${check.requirement}: ${who.isSelf ? 'you are' : `${who.firstName} is`} let in by staff.`;
  const missing =
    check.missingMoves.slice(0, 10).join(', ') + (check.missingMoves.length > 10 ? ` and ${check.missingMoves.length - 10} more` : '');
  return `Requires ${check.requirement}. ${has} not had ${missing} signed off yet: ask an instructor about a sign-off.`;
}

type Problem = { kind: 'full'; message: string } | { kind: 'waiver'; message: string } | { kind: 'error'; message: string };

/** Sorts a server error into what the panel offers next (spec: every server message shown clearly). */
export function bookingProblem(error: unknown): Problem {
  const code = errorCode(error);
  const reason = refusalReason(error);
  const message = errorMessage(error, 'The booking could not be made. Please try again.');
  if (code === 'CONFLICT' && reason === 'CLASS_FULL') return { kind: 'full', message };
  if (code === 'FORBIDDEN' && /waiver/i.test(message)) return { kind: 'waiver', message };
  return { kind: 'error', message };
}

function Choice({
  selected,
  disabled,
  onSelect,
  children,
  name,
  value,
}: {
  selected: boolean;
  disabled: boolean;
  onSelect: () => void;
  children: ReactNode;
  name: string;
  value: string;
}) {
  return (
    <Box
      component="label"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        p: 1.5,
        borderRadius: '12px',
        border: 2,
        borderColor: selected ? 'primary.main' : 'divider',
        bgcolor: selected ? (t) => alpha(t.palette.primary.main, 0.05) : disabled ? 'studio.surface.disabled' : 'background.paper',
        cursor: disabled ? 'default' : 'pointer',
        transition: 'border-color 120ms ease, background-color 120ms ease',
        '&:has(input:focus-visible)': { outline: (t) => `3px solid ${alpha(t.palette.primary.main, 0.45)}`, outlineOffset: 2 },
      }}
    >
      <Box
        component="input"
        type="radio"
        name={name}
        value={value}
        checked={selected}
        disabled={disabled}
        onChange={onSelect}
        sx={{ width: 20, height: 20, m: 0, accentColor: (t) => t.palette.primary.main, flexShrink: 0 }}
      />
      <Box sx={{ minWidth: 0, flex: 1 }}>{children}</Box>
    </Box>
  );
}

interface BookingPanelProps {
  c: ScheduleClass;
  /** What would pay for each person's spot (bookingCovers); without it the button shows the drop-in price. */
  covers?: readonly BookingCover[];
  /** Called after a successful booking or waitlist join. */
  onDone: () => void;
}

/** Book a class for yourself or a child (or join its waitlist), with the rig point when the class has them. */
export function BookingPanel({ c, covers, onDone }: BookingPanelProps) {
  const { user } = useAuth();
  const { toast } = useToast();
  const groupName = useId();
  const rigName = useId();
  const attendees = user ? attendeesFor(user, c) : [];
  const firstFree = attendees.find((a) => !a.blocked)?.id ?? null;
  const [attendeeId, setAttendeeId] = useState<string | null>(firstFree);
  const [rigPointId, setRigPointId] = useState<string | null>(null);
  const [rigError, setRigError] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [bookClass, { loading: booking }] = useBookClass();
  const [joinWaitlist, { loading: joining }] = useJoinWaitlist();
  const client = useApolloClient();
  const [refetching, setRefetching] = useState(false);
  const refetchClass = async () => {
    setRefetching(true);
    await client.query({ query: ClassDetailsDocument, variables: { id: c.id }, fetchPolicy: 'network-only' }).catch(() => undefined);
    setRefetching(false);
  };

  // The picked person, or the first one who can come (after a booking the list changes under the picker).
  const chosen = attendees.find((a) => a.id === attendeeId && !a.blocked) ?? attendees.find((a) => !a.blocked) ?? null;
  const full = c.spotsLeft <= 0;
  const closed = c.status === 'cancelled' || isPast(c) || !c.bookable;
  const rigPoints = c.blueprint.usesRigPoints ? (c.rigPoints ?? []) : [];
  const busy = booking || joining;
  const cover = covers?.find((x) => x.attendeeId === chosen?.id);
  // A gated class: whether the person picked meets it, asked again when another person is picked.
  const requirement = useQuery(ClassRequirementCheckDocument, {
    variables: { classInstanceId: c.id, attendeeId: chosen?.id },
    skip: !c.blueprint.bookingGated || !chosen || closed,
  });
  const check = requirement.data?.classRequirementCheck;
  const lacksMoves = Boolean(check && !check.met && !check.overridden);
  const when = `${formatDay(c.date)} at ${formatTime(c.startTime)}`;

  const join = async () => {
    if (!chosen) return;
    setProblem(null);
    try {
      const { data } = await joinWaitlist({ variables: { classInstanceId: c.id, attendeeId: chosen.id } });
      const position = data?.joinWaitlist.position;
      toast({
        title: 'Added to the waitlist',
        description: `${chosen.isSelf ? 'You are' : `${chosen.firstName} is`} ${position ? `#${position} in line` : 'in line'} for ${c.blueprint.name} on ${when}. We’ll hold the next free spot for you.`,
        variant: 'success',
      });
      onDone();
    } catch (error) {
      setProblem(bookingProblem(error));
    }
  };

  const book = async () => {
    if (!chosen) return;
    setProblem(null);
    setRigError(null);
    if (rigPoints.length && !rigPointId) {
      setRigError('Choose a rig point.');
      return;
    }
    try {
      const { data } = await bookClass({
        variables: { classInstanceId: c.id, attendeeId: chosen.id, rigPointId: rigPointId ?? undefined },
      });
      const result = data?.bookClass.booking;
      const who = chosen.isSelf ? 'Your' : `${chosen.firstName}’s`;
      if (result?.status === 'held') {
        toast({
          title: 'Spot held in your cart',
          description: `${who} spot in ${c.blueprint.name} (${when}) is held for ${holdMinutes(result.holdExpiresAt)} minutes. Open the cart to see it.`,
          variant: 'success',
        });
      } else {
        const paidBy = result?.coveredBy ? ` Paid by your ${result.coveredBy}.` : '';
        toast({
          title: 'You’re booked!',
          description: `${who} spot in ${c.blueprint.name} on ${when} is confirmed.${paidBy}`,
          variant: 'success',
        });
      }
      onDone();
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.rigPointId) setRigError(fields.rigPointId);
      else setProblem(bookingProblem(error));
      // A race (class just filled, rig point just taken): show the class as it is now.
      if (errorCode(error) === 'CONFLICT' || fields.rigPointId) void refetchClass();
    }
  };
  if (!user) return null;
  if (closed) return null;

  return (
    <Box component="section" aria-label="Book this class" sx={{ display: 'grid', gap: 2.5 }}>
      <Box role="radiogroup" aria-labelledby={`${groupName}-label`}>
        <Typography id={`${groupName}-label`} component="h3" sx={{ fontWeight: 'fontWeightExtraBold', fontSize: 16, mb: 1 }}>
          Who is coming?
        </Typography>
        <Box sx={{ display: 'grid', gap: 1 }}>
          {attendees.map((a) => (
            <Choice
              key={a.id}
              name={groupName}
              value={a.id}
              selected={chosen?.id === a.id}
              disabled={Boolean(a.blocked) || busy}
              onSelect={() => {
                setAttendeeId(a.id);
                setProblem(null);
              }}
            >
              <Typography sx={{ fontWeight: 'fontWeightBold', color: a.blocked ? 'text.secondary' : 'text.primary' }}>{a.name}</Typography>
              {a.blocked && (
                <Typography variant="body2" color="text.secondary">
                  {a.blocked}
                  {a.needsWaiver && !a.blocked.startsWith('Books') && (
                    <>
                      {' · '}
                      <Link component={RouterLink} to="/waiver" sx={{ fontWeight: 'fontWeightBold' }}>
                        Sign the waiver
                      </Link>
                    </>
                  )}
                </Typography>
              )}
            </Choice>
          ))}
        </Box>
        {!firstFree && (
          <FormHelperText sx={{ mt: 1, fontSize: 14 }}>
            Everyone in your family who can be booked is already in this class or needs a signed waiver first.
          </FormHelperText>
        )}
      </Box>

      {rigPoints.length > 0 && !full && (
        <Box role="radiogroup" aria-labelledby={`${rigName}-label`} aria-describedby={rigError ? `${rigName}-error` : undefined}>
          <Typography id={`${rigName}-label`} component="h3" sx={{ fontWeight: 'fontWeightExtraBold', fontSize: 16, mb: 0.5 }}>
            Pick your rig point
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            One person per point. Taken points are greyed out.
          </Typography>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(112px, 1fr))' }}>
            {rigPoints.map(({ rigPoint, taken }) => (
              <Choice
                key={rigPoint.id}
                name={rigName}
                value={rigPoint.id}
                selected={rigPointId === rigPoint.id}
                disabled={taken || busy}
                onSelect={() => {
                  setRigPointId(rigPoint.id);
                  setRigError(null);
                }}
              >
                <Typography
                  sx={{
                    fontWeight: 'fontWeightBold',
                    fontSize: 14.5,
                    color: taken ? 'text.secondary' : 'text.primary',
                    textDecoration: taken ? 'line-through' : 'none',
                  }}
                >
                  {rigPoint.name}
                </Typography>
                {taken && (
                  <Typography variant="caption" color="text.secondary">
                    Taken
                  </Typography>
                )}
              </Choice>
            ))}
          </Box>
          {rigError && (
            <FormHelperText id={`${rigName}-error`} error sx={{ fontSize: 14, mt: 1 }}>
              {rigError}
            </FormHelperText>
          )}
        </Box>
      )}

      {c.blueprint.bookingGated && chosen && (
        <Alert severity={!check ? 'info' : lacksMoves ? 'warning' : 'success'} role="status">
          {check
            ? requirementNote(check, chosen)
            : requirement.error
              ? errorMessage(requirement.error)
              : 'Checking the moves this class requires…'}
        </Alert>
      )}

      {problem?.kind === 'full' && (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => void join()} disabled={!chosen || busy} sx={{ whiteSpace: 'nowrap' }}>
              Join waitlist
            </Button>
          }
        >
          {problem.message}
        </Alert>
      )}
      {problem?.kind === 'waiver' && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" component={RouterLink} to="/waiver" sx={{ whiteSpace: 'nowrap' }}>
              Sign waiver
            </Button>
          }
        >
          {problem.message}
        </Alert>
      )}
      {problem?.kind === 'error' && <Alert severity="error">{problem.message}</Alert>}

      {/* Stays in view at the bottom of the dialog while the lists above scroll. */}
      <Box
        sx={{
          position: 'sticky',
          bottom: -20,
          zIndex: 1,
          mx: -3,
          mb: -2.5,
          px: 3,
          py: 1.75,
          bgcolor: 'background.paper',
          borderTop: 1,
          borderColor: 'divider',
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1.5,
        }}
      >
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 300 }}>
          {full ? 'This class is full. Join the waitlist and the next free spot is held for you.' : bookingNote(c, cover)}
        </Typography>
        {full ? (
          <Button
            variant="contained"
            size="large"
            disabled={!chosen || busy || refetching || lacksMoves}
            onClick={() => void join()}
            sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          >
            {joining ? 'Joining…' : 'Join waitlist'}
          </Button>
        ) : (
          <Button
            variant="contained"
            size="large"
            startIcon={<CheckCircleRounded />}
            disabled={!chosen || busy || refetching || lacksMoves}
            onClick={() => void book()}
            sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
          >
            {booking ? 'Booking…' : bookButtonLabel(c, cover)}
          </Button>
        )}
      </Box>
    </Box>
  );
}

function holdMinutes(until: string | null | undefined): number {
  if (!until) return 15;
  return Math.max(1, Math.round((new Date(until).getTime() - Date.now()) / 60_000));
}

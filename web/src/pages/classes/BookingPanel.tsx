import { useApolloClient } from '@apollo/client/react';
import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useCallback, useContext, useId, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link as RouterLink } from 'react-router-dom';
import { errorCode, fieldErrorsOf } from '../../app/errors';
import { useAuth } from '../../app/session';
import { useToast } from '../../app/toast';
import { isPast, type ScheduleClass } from '../../components/schedule/ClassCard';
import { DialogFooterContext } from '../../components/schedule/dialogFooter';
import { ClassDetailsDocument } from '../../components/schedule/schedule.generated';
import { formatDay, formatTime } from '../../app/dates';
import {
  attendeesFor,
  bookButtonLabel,
  bookingNote,
  bookingProblem,
  groupBookingLabel,
  groupBookingNote,
  namesOf,
  type Attendee,
  type BookingCover,
  type Problem,
} from './bookingRules';
import { Choice } from './Choice';
import { RequirementLine } from './RequirementLine';
import { useBookClass } from './useBookClass';
import { useBookClassTogether } from './useBookClassTogether';
import { useJoinWaitlist } from './useJoinWaitlist';

interface BookingPanelProps {
  c: ScheduleClass;
  /** What would pay for each person's spot (bookingCovers); without it the button shows the drop-in price. */
  covers?: readonly BookingCover[];
  /** Called after a successful booking or waitlist join. */
  onDone: () => void;
}

/** Someone of a booking request who could not be booked, and why (the server's message). */
type Refused = { person: Attendee; message: string };

/**
 * Book a class for yourself and/or children of your family in one step (or join its waitlist), with a rig point for
 * each person when the class has them.
 */
export function BookingPanel({ c, covers, onDone }: BookingPanelProps) {
  const { user } = useAuth();
  const { toast } = useToast();
  const groupName = useId();
  const rigName = useId();
  const attendees = user ? attendeesFor(user, c) : [];
  const free = attendees.filter((a) => !a.blocked);
  // Who is picked: the first person who can come until the member changes it (after a booking the list changes
  // under the picker, so only people who can still come count).
  const [picked, setPicked] = useState<string[] | null>(null);
  const pickedIds = picked ?? (free[0] ? [free[0].id] : []);
  const chosen = free.filter((a) => pickedIds.includes(a.id));
  const several = free.length > 1;
  // Rig points in the order they were picked: the first goes to the first person listed, and so on.
  const [rigPicks, setRigPicks] = useState<string[]>([]);
  const [rigError, setRigError] = useState<string | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [refused, setRefused] = useState<Refused[]>([]);
  const [lacking, setLacking] = useState<ReadonlySet<string>>(new Set());
  const [bookClass, { loading: bookingOne }] = useBookClass();
  const [bookTogether, { loading: bookingMany }] = useBookClassTogether();
  const [joinWaitlist, { loading: joining }] = useJoinWaitlist();
  const client = useApolloClient();
  const footerSlot = useContext(DialogFooterContext);
  const [refetching, setRefetching] = useState(false);
  const onLacking = useCallback((id: string, lacks: boolean) => {
    setLacking((now) => {
      if (now.has(id) === lacks) return now;
      const next = new Set(now);
      if (lacks) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const refetchClass = async () => {
    setRefetching(true);
    await client.query({ query: ClassDetailsDocument, variables: { id: c.id }, fetchPolicy: 'network-only' }).catch(() => undefined);
    setRefetching(false);
  };

  const full = c.spotsLeft <= 0;
  const closed = c.status === 'cancelled' || isPast(c) || !c.bookable;
  const rigPoints = c.blueprint.usesRigPoints ? (c.rigPoints ?? []) : [];
  const booking = bookingOne || bookingMany;
  const busy = booking || joining;
  const lacksMoves = chosen.some((p) => lacking.has(p.id));
  const cannotGo = !chosen.length || busy || refetching || lacksMoves;
  const when = `${formatDay(c.date)} at ${formatTime(c.startTime)}`;
  const rigOwner = (rigPointId: string) => {
    const i = rigPicks.indexOf(rigPointId);
    return i >= 0 && chosen.length > 1 ? chosen[i]?.firstName : undefined;
  };

  const togglePerson = (id: string) => {
    setProblem(null);
    setRefused([]);
    setRigPicks([]);
    if (!several) return setPicked([id]);
    setPicked(pickedIds.includes(id) ? pickedIds.filter((x) => x !== id) : [...pickedIds, id]);
  };
  const pickRig = (id: string) => {
    setRigError(null);
    if (chosen.length <= 1) return setRigPicks([id]);
    if (rigPicks.includes(id)) return setRigPicks(rigPicks.filter((x) => x !== id));
    // One point per person: a pick beyond that replaces the earliest.
    setRigPicks([...rigPicks, id].slice(-chosen.length));
  };

  const join = async () => {
    if (!chosen.length) return;
    setProblem(null);
    try {
      const lines: string[] = [];
      for (const person of chosen) {
        const { data } = await joinWaitlist({ variables: { classInstanceId: c.id, attendeeId: person.id } });
        const position = data?.joinWaitlist.position;
        lines.push(`${person.isSelf ? 'You are' : `${person.firstName} is`} ${position ? `#${position} in line` : 'in line'}`);
      }
      toast({
        title: 'Added to the waitlist',
        description: `${lines.join(', ')} for ${c.blueprint.name} on ${when}. We’ll hold the next free spot for you.`,
        variant: 'success',
      });
      onDone();
    } catch (error) {
      setProblem(bookingProblem(error));
    }
  };

  const bookOne = async (person: Attendee) => {
    try {
      const { data } = await bookClass({ variables: { classInstanceId: c.id, attendeeId: person.id, rigPointId: rigPicks[0] } });
      const result = data?.bookClass.booking;
      const who = person.isSelf ? 'Your' : `${person.firstName}’s`;
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

  const bookMany = async (people: Attendee[]) => {
    try {
      const { data } = await bookTogether({
        variables: { classInstanceId: c.id, people: people.map((p, i) => ({ attendeeId: p.id, rigPointId: rigPicks[i] ?? null })) },
      });
      const outcomes = data?.bookClassTogether.outcomes ?? [];
      const personOf = (id: string) => people.find((p) => p.id === id)!;
      const booked = outcomes.filter((o) => o.booking);
      if (booked.length) {
        const held = booked.filter((o) => o.booking?.status === 'held');
        toast({
          title: held.length ? 'Spots held in your cart' : 'You’re booked!',
          description: held.length
            ? `${namesOf(held.map((o) => personOf(o.attendeeId)))}: held in your cart for ${holdMinutes(held[0].booking?.holdExpiresAt)} minutes for ${c.blueprint.name} (${when}). Open the cart to pay.`
            : `${namesOf(booked.map((o) => personOf(o.attendeeId)))}: booked into ${c.blueprint.name} on ${when}.`,
          variant: 'success',
        });
      }
      const notBooked = outcomes.filter((o) => o.refusal).map((o) => ({ person: personOf(o.attendeeId), message: o.refusal!.message }));
      if (!notBooked.length) return onDone();
      // Say who could not go and why; the class as it is now shows who is booked.
      setRefused(notBooked);
      setPicked(null);
      setRigPicks([]);
      void refetchClass();
    } catch (error) {
      setProblem(bookingProblem(error));
    }
  };

  const book = () => {
    if (!chosen.length) return;
    setProblem(null);
    setRefused([]);
    setRigError(null);
    if (rigPoints.length && rigPicks.length < chosen.length) {
      setRigError(chosen.length === 1 ? 'Choose a rig point.' : `Choose ${chosen.length} rig points, one for each person.`);
      return;
    }
    void (chosen.length === 1 ? bookOne(chosen[0]) : bookMany(chosen));
  };

  if (!user) return null;
  if (closed) return null;

  const single = chosen.length <= 1;
  const cover = covers?.find((x) => x.attendeeId === chosen[0]?.id);
  const actions = (
    <Box
      sx={{
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
        {full
          ? 'This class is full. Join the waitlist and the next free spot is held for you.'
          : single
            ? bookingNote(c, cover)
            : groupBookingNote(c, chosen, covers)}
      </Typography>
      {full ? (
        <Button
          variant="contained"
          size="large"
          disabled={cannotGo}
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
          disabled={cannotGo}
          onClick={book}
          sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}
        >
          {booking ? 'Booking…' : single ? bookButtonLabel(c, cover) : groupBookingLabel(c, chosen, covers)}
        </Button>
      )}
    </Box>
  );

  return (
    <Box component="section" aria-label="Book this class" sx={{ display: 'grid', gap: 2.5 }}>
      <Box role={several ? 'group' : 'radiogroup'} aria-labelledby={`${groupName}-label`}>
        <Typography id={`${groupName}-label`} component="h3" sx={{ fontWeight: 'fontWeightExtraBold', fontSize: 16, mb: several ? 0 : 1 }}>
          Who is coming?
        </Typography>
        {several && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Pick everyone who is coming: they are booked together.
          </Typography>
        )}
        <Box sx={{ display: 'grid', gap: 1 }}>
          {attendees.map((a) => (
            <Choice
              key={a.id}
              name={groupName}
              value={a.id}
              multiple={several}
              selected={chosen.some((p) => p.id === a.id)}
              disabled={Boolean(a.blocked) || busy}
              onSelect={() => togglePerson(a.id)}
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
        {!free.length && (
          <FormHelperText sx={{ mt: 1, fontSize: 14 }}>
            Everyone in your family who can be booked is already in this class or needs a signed waiver first.
          </FormHelperText>
        )}
      </Box>

      {rigPoints.length > 0 && !full && (
        <Box
          role={single ? 'radiogroup' : 'group'}
          aria-labelledby={`${rigName}-label`}
          aria-describedby={rigError ? `${rigName}-error` : undefined}
        >
          <Typography id={`${rigName}-label`} component="h3" sx={{ fontWeight: 'fontWeightExtraBold', fontSize: 16, mb: 0.5 }}>
            {single ? 'Pick your rig point' : `Pick ${chosen.length} rig points`}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {single
              ? 'One person per point. Taken points are greyed out.'
              : `One per person, in the order listed above (${chosen.map((p) => p.firstName).join(', ')}). Taken points are greyed out.`}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(112px, 1fr))' }}>
            {rigPoints.map(({ rigPoint, taken }) => (
              <Choice
                key={rigPoint.id}
                name={rigName}
                value={rigPoint.id}
                multiple={!single}
                selected={rigPicks.includes(rigPoint.id)}
                disabled={taken || busy}
                onSelect={() => pickRig(rigPoint.id)}
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
                {(taken || rigOwner(rigPoint.id)) && (
                  <Typography variant="caption" color="text.secondary">
                    {taken ? 'Taken' : rigOwner(rigPoint.id)}
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

      {c.blueprint.bookingGated &&
        chosen.map((person) => <RequirementLine key={person.id} classInstanceId={c.id} person={person} onLacking={onLacking} />)}

      {refused.length > 0 && (
        <Alert severity="warning" role="alert">
          <AlertTitle>{refused.length === 1 ? `${refused[0].person.firstName} is not booked` : 'Not everyone is booked'}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {refused.map((r) => (
              <li key={r.person.id}>
                {r.person.isSelf ? 'You' : r.person.firstName}: {r.message}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {problem?.kind === 'full' && (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void join()}
              disabled={!chosen.length || busy}
              sx={{ whiteSpace: 'nowrap' }}
            >
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
      {/* In the dialog, the action bar sits below the scrolling details, in view at every height. */}
      {footerSlot ? createPortal(actions, footerSlot) : actions}
    </Box>
  );
}

function holdMinutes(until: string | null | undefined): number {
  if (!until) return 15;
  return Math.max(1, Math.round((new Date(until).getTime() - Date.now()) / 60_000));
}

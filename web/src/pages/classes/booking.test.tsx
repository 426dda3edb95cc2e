import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cartAnswer, makeCartItem, makeClass } from '../../../test/classFixtures';
import { fakeSession, gqlError, makeUser, member, renderApp } from '../../../test/utils';
import type { ScheduleClass } from '../../components/schedule/ClassCard';
import { BookingPanel } from './BookingPanel';
import { attendeesFor, bookingProblem, type BookingCover } from './bookingRules';
import { MyPlaces, bookingState } from './MyPlaces';

const parent = makeUser({
  id: 'u-parent',
  firstName: 'Paula',
  lastName: 'Reyes',
  role: 'parent',
  familyMembers: [
    member('u-mia', 'Mia', '2016-05-01', { isMinor: true, waiverSigned: true }),
    member('u-leo', 'Leo', '2018-01-01', { isMinor: true, waiverSigned: false }),
    member('u-ana', 'Ana', '2001-01-01', { isMinor: false, waiverSigned: true, hasLogin: true }),
  ],
});

/** The API's answer to BookClass: the booking with its class, and the cart (holding the spot when it is paid). */
function bookingAnswer(c: ScheduleClass, attendee: { id: string; firstName: string }, status: 'held' | 'confirmed') {
  const held = status === 'held';
  const items = held
    ? [
        makeCartItem({
          id: 'b-new',
          classInstanceId: c.id,
          name: c.blueprint.name,
          firstName: attendee.firstName,
          priceCents: c.blueprint.dropInPriceCents,
        }),
      ]
    : [];
  return {
    data: {
      bookClass: {
        __typename: 'BookClassPayload',
        booking: {
          __typename: 'Booking',
          id: 'b-new',
          status,
          source: 'member',
          paymentStatus: held ? 'unpaid' : 'free',
          coveredBy: null,
          priceCents: c.blueprint.dropInPriceCents,
          holdExpiresAt: held ? items[0].booking.holdExpiresAt : null,
          lateCancel: false,
          attendee: { __typename: 'User', id: attendee.id, firstName: attendee.firstName, lastName: 'Reyes' },
          rigPoint: null,
          classInstance: { ...c, myBookings: [], myWaitlistEntries: [], rigPoints: [] },
        },
        cart: cartAnswer(items).data.cart,
      },
    },
  };
}

function renderPanel(c: ScheduleClass, handlers = {}, user = parent, covers?: BookingCover[]) {
  const onDone = jest.fn();
  const rendered = renderApp(<BookingPanel c={c} covers={covers} onDone={onDone} />, { session: fakeSession({ user }), handlers });
  return { ...rendered, onDone };
}

const radio = (name: RegExp | string) => screen.getByRole('radio', { name });
/** A person of the family: check boxes, since several may come at once. */
const person = (name: RegExp | string) => screen.getByRole('checkbox', { name });
/** Books Mia alone: the member (picked first) unticked, Mia ticked. */
const pickOnlyMia = () => {
  fireEvent.click(person(/Paula \(you\)/));
  fireEvent.click(person(/Mia Reyes/));
};

describe('who can be booked (attendee rules)', () => {
  it('the member and minors with a signed waiver; adults book themselves; unsigned waivers and existing places block', () => {
    const c = makeClass({
      myBookings: [],
      myWaitlistEntries: [],
    });
    expect(attendeesFor(parent, c).map((a) => [a.name, a.blocked])).toEqual([
      ['Paula (you)', null],
      ['Mia Reyes', null],
      ['Leo Reyes', 'Needs a signed waiver'],
      ['Ana Reyes', 'Books with their own account'],
    ]);
    const booked = makeClass({
      myBookings: [{ id: 'b1', status: 'confirmed', attendeeId: 'u-parent', firstName: 'Paula' }],
      myWaitlistEntries: [{ id: 'w1', position: 2, attendeeId: 'u-mia', firstName: 'Mia' }],
    });
    expect(attendeesFor(parent, booked).map((a) => a.blocked)).toEqual([
      'Already booked',
      'On the waitlist, #2 in line',
      'Needs a signed waiver',
      'Books with their own account',
    ]);
  });

  it("someone outside the class type's ages on its date cannot be picked, and says why", () => {
    const adultsOnly = makeClass({ myBookings: [], myWaitlistEntries: [], minAge: 16 });
    expect(attendeesFor(parent, adultsOnly).map((a) => [a.name, a.blocked])).toEqual([
      ['Paula (you)', null],
      ['Mia Reyes', 'This class is for ages 16 and up'],
      ['Leo Reyes', 'This class is for ages 16 and up'],
      ['Ana Reyes', 'Books with their own account'],
    ]);
    const kids = makeClass({ myBookings: [], myWaitlistEntries: [], minAge: 6, maxAge: 12 });
    expect(attendeesFor(parent, kids).map((a) => a.blocked)[0]).toBe('This class is for ages 6–12');
  });

  it('shows adults disabled with "Books with their own account" and links unsigned waivers to /waiver', () => {
    renderPanel(makeClass());
    expect(person(/Paula \(you\)/)).toBeChecked();
    expect(person(/Mia Reyes/)).toBeEnabled();
    expect(person(/Mia Reyes/)).not.toBeChecked();
    expect(person(/Ana Reyes/)).toBeDisabled();
    expect(screen.getByText('Books with their own account')).toBeInTheDocument();
    expect(person(/Leo Reyes/)).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Sign the waiver' })).toHaveAttribute('href', '/waiver');
  });

  it('books a paid class for a child: the spot is held in the cart', async () => {
    const c = makeClass({ name: 'Kids Hammock', priceCents: 2000 });
    const { calls, onDone } = renderPanel(c, { BookClass: bookingAnswer(c, { id: 'u-mia', firstName: 'Mia' }, 'held') });
    pickOnlyMia();
    fireEvent.click(screen.getByRole('button', { name: 'Book · $20.00' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Spot held in your cart');
    expect(toast).toHaveTextContent('Mia’s spot in Kids Hammock');
    expect(calls.find((op) => op.operationName === 'BookClass')?.variables).toEqual({ classInstanceId: c.id, attendeeId: 'u-mia' });
    expect(onDone).toHaveBeenCalled();
  });

  it('a class that requires moves says whether the chosen person has them, and again when a parent picks a child', async () => {
    const c = makeClass({ name: 'Trapeze Level 2', bookingGated: true, priceCents: 0 });
    const answer = (met: boolean) => ({
      data: {
        classRequirementCheck: {
          __typename: 'RequirementCheck',
          requirement: 'Trapeze 1',
          met,
          missingMoves: met ? [] : ['Hip Key', 'Birds Nest'],
          overridden: false,
        },
      },
    });
    const { calls } = renderPanel(c, {
      ClassRequirementCheck: (op: { variables: Record<string, unknown> }) => answer(op.variables.attendeeId === 'u-parent'),
    });
    expect(await screen.findByText('Requires Trapeze 1: You have it signed off.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book free class' })).toBeEnabled();

    pickOnlyMia();
    expect(
      await screen.findByText(
        'Requires Trapeze 1. Mia has not had Hip Key, Birds Nest signed off yet: ask an instructor about a sign-off.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book free class' })).toBeDisabled();
    expect(calls.filter((op) => op.operationName === 'ClassRequirementCheck').map((op) => op.variables.attendeeId)).toEqual([
      'u-parent',
      'u-mia',
    ]);
  });

  it('a class without a requirement asks nothing about moves', () => {
    const { calls } = renderPanel(makeClass({ name: 'Silks Intro' }));
    expect(calls.some((op) => op.operationName === 'ClassRequirementCheck')).toBe(false);
  });

  it('the button says what will pay for the chosen person before the click: a plan or pack with what it has left, or the price', () => {
    const c = makeClass({ name: 'Lyra Flow', priceCents: 2800 });
    const cover = (attendeeId: string, paidWith: string | null, classesLeft: number | null): BookingCover => ({
      attendeeId,
      paidWith,
      classesLeft,
      priceCents: paidWith ? 0 : 2800,
    });
    renderPanel(c, {}, parent, [cover('u-parent', 'Eight a month', 7), cover('u-mia', 'Ten-class pack', 3)]);
    expect(screen.getByRole('button', { name: 'Book with Eight a month (7 left)' })).toBeInTheDocument();
    expect(screen.getByText('Paid by Eight a month: the spot is confirmed right away.')).toBeInTheDocument();
    pickOnlyMia();
    expect(screen.getByRole('button', { name: 'Book with Ten-class pack (3 left)' })).toBeInTheDocument();
  });

  it('the button says an unlimited plan without a count, and the price when nothing pays', () => {
    const c = makeClass({ priceCents: 2800 });
    const covers: BookingCover[] = [
      { attendeeId: 'u-parent', paidWith: 'Unlimited', classesLeft: null, priceCents: 0 },
      { attendeeId: 'u-mia', paidWith: null, classesLeft: null, priceCents: 2800 },
    ];
    renderPanel(c, {}, parent, covers);
    expect(screen.getByRole('button', { name: 'Book with Unlimited' })).toBeInTheDocument();
    pickOnlyMia();
    expect(screen.getByRole('button', { name: 'Book · $28.00' })).toBeInTheDocument();
    expect(screen.getByText('Held in your cart for 15 minutes while you pay.')).toBeInTheDocument();
  });

  it('a free class is confirmed at once', async () => {
    const c = makeClass({ priceCents: 0 });
    renderPanel(c, { BookClass: bookingAnswer(c, { id: 'u-parent', firstName: 'Paula' }, 'confirmed') });
    fireEvent.click(screen.getByRole('button', { name: 'Book free class' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('You’re booked!');
  });
});

describe('several people at once', () => {
  const kidsClass = () => makeClass({ name: 'Kids Hammock', priceCents: 2800 });
  /** BookClassTogether's answer: the given people booked (held in the cart), the others refused with `refusal`. */
  function togetherAnswer(c: ScheduleClass, booked: { id: string; firstName: string }[], refused: { id: string; message: string }[]) {
    const one = (a: { id: string; firstName: string }) => bookingAnswer(c, a, 'held').data.bookClass;
    const items = booked.map((a) => one(a).cart.items[0]);
    return {
      data: {
        bookClassTogether: {
          __typename: 'BookClassTogetherPayload',
          outcomes: [
            ...booked.map((a) => ({
              __typename: 'BookingOutcome',
              attendeeId: a.id,
              booking: { ...one(a).booking, id: `b-${a.id}` },
              refusal: null,
            })),
            ...refused.map((r) => ({
              __typename: 'BookingOutcome',
              attendeeId: r.id,
              booking: null,
              refusal: { __typename: 'BookingRefusal', code: 'CONFLICT', reason: 'CLASS_FULL', message: r.message },
            })),
          ],
          classInstance: { ...c, myBookings: [], myWaitlistEntries: [], rigPoints: [] },
          cart: cartAnswer(items).data.cart,
        },
      },
    };
  }

  it('a parent ticks themselves and a child: the button says both spots and the total, and one request books them', async () => {
    const c = kidsClass();
    const covers: BookingCover[] = [
      { attendeeId: 'u-parent', paidWith: 'Eight a month', classesLeft: 7, priceCents: 0 },
      { attendeeId: 'u-mia', paidWith: null, classesLeft: null, priceCents: 2800 },
    ];
    const { calls, onDone } = renderPanel(
      c,
      {
        BookClassTogether: togetherAnswer(
          c,
          [
            { id: 'u-parent', firstName: 'Paula' },
            { id: 'u-mia', firstName: 'Mia' },
          ],
          [],
        ),
      },
      parent,
      covers,
    );
    fireEvent.click(person(/Mia Reyes/));
    expect(person(/Paula \(you\)/)).toBeChecked();
    expect(person(/Mia Reyes/)).toBeChecked();
    expect(screen.getByText('You: Eight a month · Mia: $28.00 in your cart')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Book 2 spots · $28.00' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Spots held in your cart');
    expect(toast).toHaveTextContent('You and Mia: held in your cart');
    expect(calls.find((op) => op.operationName === 'BookClassTogether')?.variables).toEqual({
      classInstanceId: c.id,
      people: [
        { attendeeId: 'u-parent', rigPointId: null },
        { attendeeId: 'u-mia', rigPointId: null },
      ],
    });
    expect(calls.some((op) => op.operationName === 'BookClass')).toBe(false);
    expect(onDone).toHaveBeenCalled();
  });

  it('when one of them cannot go, says who and why, keeps the dialog open and books the others', async () => {
    const c = kidsClass();
    const { onDone } = renderPanel(c, {
      BookClassTogether: togetherAnswer(
        c,
        [{ id: 'u-parent', firstName: 'Paula' }],
        [{ id: 'u-mia', message: 'This class is full. Join the waitlist to be offered the next free spot.' }],
      ),
      ClassDetails: { data: { classInstance: c } },
    });
    fireEvent.click(person(/Mia Reyes/));
    fireEvent.click(screen.getByRole('button', { name: 'Book 2 spots · $56.00' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Mia is not booked');
    expect(alert).toHaveTextContent('Mia: This class is full. Join the waitlist to be offered the next free spot.');
    expect(await screen.findByTestId('toast')).toHaveTextContent('You: held in your cart');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('a rigged class asks for a point per person, shows whose each is, and sends them in order', async () => {
    const c = makeClass({
      usesRigPoints: true,
      rigPoints: [
        { id: 'rp1', name: 'Silks 1', taken: false },
        { id: 'rp2', name: 'Silks 2', taken: false },
        { id: 'rp3', name: 'Silks 3', taken: false },
      ],
    });
    const { calls } = renderPanel(c, {
      BookClassTogether: togetherAnswer(
        c,
        [
          { id: 'u-parent', firstName: 'Paula' },
          { id: 'u-mia', firstName: 'Mia' },
        ],
        [],
      ),
    });
    fireEvent.click(person(/Mia Reyes/));
    expect(screen.getByText('Pick 2 rig points')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /Silks 3/ }));
    fireEvent.click(screen.getByRole('button', { name: /^Book 2 spots/ }));
    expect(await screen.findByText('Choose 2 rig points, one for each person.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: /Silks 1/ }));
    expect(screen.getByRole('checkbox', { name: /Silks 3/ })).toHaveAccessibleName(/Paula/);
    expect(screen.getByRole('checkbox', { name: /Silks 1/ })).toHaveAccessibleName(/Mia/);
    fireEvent.click(screen.getByRole('button', { name: /^Book 2 spots/ }));
    await waitFor(() =>
      expect(calls.find((op) => op.operationName === 'BookClassTogether')?.variables.people).toEqual([
        { attendeeId: 'u-parent', rigPointId: 'rp3' },
        { attendeeId: 'u-mia', rigPointId: 'rp1' },
      ]),
    );
  });
});

describe('booking errors from the server', () => {
  it('CLASS_FULL offers to join the waitlist instead', async () => {
    const c = makeClass();
    const { calls } = renderPanel(c, {
      BookClass: {
        errors: [
          {
            message: 'This class is full. Join the waitlist to be offered the next free spot.',
            extensions: { code: 'CONFLICT', reason: 'CLASS_FULL' },
          },
        ],
      },
      ClassDetails: { data: { classInstance: { ...c, spotsLeft: 0 } } },
      JoinWaitlist: {
        data: {
          joinWaitlist: {
            __typename: 'WaitlistEntry',
            id: 'w-new',
            status: 'waiting',
            position: 3,
            attendee: { __typename: 'User', id: 'u-parent', firstName: 'Paula', lastName: 'Reyes' },
            classInstance: { ...c, myBookings: [], myWaitlistEntries: [], rigPoints: [] },
          },
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: /^Book/ }));
    const alert = await screen.findByText('This class is full. Join the waitlist to be offered the next free spot.');
    const join = within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Join waitlist' });
    fireEvent.click(join);
    expect(await screen.findByTestId('toast')).toHaveTextContent('#3 in line');
    expect(calls.find((op) => op.operationName === 'JoinWaitlist')?.variables).toEqual({ classInstanceId: c.id, attendeeId: 'u-parent' });
  });

  it('an unsigned waiver names the person and links to the waiver page', async () => {
    renderPanel(makeClass(), {
      BookClass: gqlError('FORBIDDEN', 'Mia Reyes needs a signed waiver before booking. Sign it on the waiver page.'),
    });
    pickOnlyMia();
    fireEvent.click(screen.getByRole('button', { name: /^Book/ }));
    const message = await screen.findByText('Mia Reyes needs a signed waiver before booking. Sign it on the waiver page.');
    expect(within(message.closest('[role="alert"]') as HTMLElement).getByRole('link', { name: 'Sign waiver' })).toHaveAttribute(
      'href',
      '/waiver',
    );
  });

  it('shows any other server message as it is', async () => {
    renderPanel(makeClass(), {
      BookClass: gqlError('CONFLICT', 'Paula Reyes already has Lyra Level 1 at Mon, Mar 4 at 6:00 PM, which overlaps this class.'),
    });
    fireEvent.click(screen.getByRole('button', { name: /^Book/ }));
    expect(await screen.findByText(/which overlaps this class\.$/)).toBeInTheDocument();
    expect(bookingProblem(new Error('Failed to fetch')).message).toMatch(/Cannot reach the studio server/);
  });

  it('a full class offers the waitlist straight away', () => {
    renderPanel(makeClass({ spotsLeft: 0, waitlistLength: 2 }));
    expect(screen.getByRole('button', { name: 'Join waitlist' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /^Book/ })).not.toBeInTheDocument();
  });
});

describe('rig points', () => {
  const rigged = () =>
    makeClass({
      usesRigPoints: true,
      rigPoints: [
        { id: 'rp1', name: 'Silks 1', taken: true },
        { id: 'rp2', name: 'Silks 2', taken: false },
      ],
    });

  it('taken points are disabled and a point must be chosen', async () => {
    const { calls } = renderPanel(rigged());
    expect(radio(/Silks 1/)).toBeDisabled();
    expect(radio(/Silks 2/)).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: /^Book/ }));
    expect(await screen.findByText('Choose a rig point.')).toBeInTheDocument();
    expect(calls.map((op) => op.operationName)).not.toContain('BookClass');
  });

  it('sends the chosen point and shows the field message the server gives', async () => {
    const c = rigged();
    const { calls } = renderPanel(c, {
      BookClass: gqlError('BAD_USER_INPUT', 'That rig point is not available for this class.', {
        rigPointId: 'Choose one of the listed rig points.',
      }),
      ClassDetails: { data: { classInstance: c } },
    });
    fireEvent.click(radio(/Silks 2/));
    fireEvent.click(screen.getByRole('button', { name: /^Book/ }));
    expect(await screen.findByText('Choose one of the listed rig points.')).toBeInTheDocument();
    expect(calls.find((op) => op.operationName === 'BookClass')?.variables).toEqual({
      classInstanceId: c.id,
      attendeeId: 'u-parent',
      rigPointId: 'rp2',
    });
  });
});

function myBooking(o: {
  id: string;
  status: 'confirmed' | 'held';
  startsInHours: number;
  paymentStatus?: string;
  source?: string;
  name?: string;
  firstName?: string;
  coveredBy?: string | null;
  lateCancelFeeCents?: number;
  noShowFeeCents?: number;
}) {
  const c = makeClass({
    name: o.name ?? 'Silks Intro',
    startsAt: new Date(Date.now() + o.startsInHours * 3_600_000).toISOString(),
    lateCancelFeeCents: o.lateCancelFeeCents,
    noShowFeeCents: o.noShowFeeCents,
  });
  return {
    __typename: 'Booking',
    id: o.id,
    status: o.status,
    source: o.source ?? 'member',
    paymentStatus: o.paymentStatus ?? (o.status === 'held' ? 'unpaid' : 'paid'),
    coveredBy: o.coveredBy ?? null,
    priceCents: 2800,
    holdExpiresAt: o.status === 'held' ? new Date(Date.now() + 10 * 60_000).toISOString() : null,
    lateCancel: false,
    attendee: { __typename: 'User', id: 'u-parent', firstName: o.firstName ?? 'Paula', lastName: 'Reyes' },
    rigPoint: null,
    classInstance: c,
  };
}

function renderMyPlaces(bookings: unknown[], waitlist: unknown[] = [], handlers = {}) {
  return renderApp(<MyPlaces />, {
    session: fakeSession({ user: parent }),
    handlers: {
      MyBookings: { data: { myBookings: bookings } },
      MyWaitlist: { data: { myWaitlist: waitlist } },
      Cart: { data: { cart: { __typename: 'ClassCart', items: [], totalItems: 0, totalPriceCents: 0 } } },
      ...handlers,
    },
  });
}

describe('my bookings and waitlist', () => {
  it('knows what each booking offers', () => {
    expect(bookingState({ status: 'confirmed', source: 'member', paymentStatus: 'paid' })).toBe('booked');
    expect(bookingState({ status: 'held', source: 'member', paymentStatus: 'unpaid' })).toBe('in-cart');
    expect(bookingState({ status: 'held', source: 'waitlist', paymentStatus: 'free' })).toBe('offer-free');
  });

  it('warns before a cancellation inside the cutoff, then cancels', async () => {
    const { calls } = renderMyPlaces([myBooking({ id: 'b-late', status: 'confirmed', startsInHours: 3 })], [], {
      CancelBooking: {
        data: {
          cancelBooking: {
            __typename: 'Booking',
            id: 'b-late',
            status: 'cancelled',
            lateCancel: true,
            classInstance: { ...makeClass(), myBookings: [], myWaitlistEntries: [], rigPoints: [] },
          },
        },
      },
    });
    // The row says so before anything is pressed.
    expect(await screen.findByTestId('booking-policy')).toHaveTextContent('Cancelling now counts as a late cancellation.');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel late?' });
    expect(within(dialog).getByTestId('late-cancel-warning')).toHaveTextContent(
      /This is a late cancellation\. Free cancellation ended \w{3}, \w{3} \d+, \d+:\d\d [AP]M\. It is recorded as a late cancellation on the attendance record; no fee is charged\./,
    );
    const asked = calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel late' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Cancelled (late)');
    expect(calls.find((op) => op.operationName === 'CancelBooking')?.variables).toEqual({ bookingId: 'b-late', lateCancelAccepted: true });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument());
    // The answer is enough: nothing is asked again.
    expect(calls.slice(asked).map((op) => op.operationName)).toEqual(['CancelBooking']);
  });

  it('names the studio’s fees on the booking and in the late-cancellation warning', async () => {
    renderMyPlaces([
      myBooking({ id: 'b-fee', status: 'confirmed', startsInHours: 3, lateCancelFeeCents: 1000, noShowFeeCents: 1500 }),
      myBooking({
        id: 'b-soon',
        status: 'confirmed',
        startsInHours: 72,
        name: 'Lyra Flow',
        lateCancelFeeCents: 1000,
        noShowFeeCents: 1500,
      }),
    ]);
    const [late, early] = await screen.findAllByTestId('booking-policy');
    expect(late).toHaveTextContent('Cancelling now counts as a late cancellation ($10.00 fee).');
    expect(early).toHaveTextContent(/^Free cancellation until \w{3}, \w{3} \d+, \d+:\d\d [AP]M; later: \$10\.00 fee$/);
    fireEvent.click((await screen.findAllByRole('button', { name: 'Cancel' }))[0]);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel late?' });
    expect(within(dialog).getByTestId('late-cancel-warning')).toHaveTextContent(
      'A late cancellation is charged a $10.00 fee, added to your account as an invoice you can pay from your profile. Not coming without cancelling (a no-show) is charged $15.00.',
    );
  });

  it('no fee for a booking a complimentary membership pays for', async () => {
    renderMyPlaces([
      myBooking({
        id: 'b-comp',
        status: 'confirmed',
        startsInHours: 3,
        paymentStatus: 'covered',
        coveredBy: 'Staff (complimentary)',
        lateCancelFeeCents: 1000,
        noShowFeeCents: 1500,
      }),
    ]);
    expect(await screen.findByTestId('booking-policy')).toHaveTextContent(/^Cancelling now counts as a late cancellation\.$/);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel late?' });
    expect(within(dialog).getByTestId('late-cancel-warning')).toHaveTextContent('no fee is charged');
  });

  it('no warning outside the cutoff: the row and the dialog say until when cancelling is free', async () => {
    renderMyPlaces([myBooking({ id: 'b-early', status: 'confirmed', startsInHours: 72 })]);
    expect(await screen.findByTestId('booking-policy')).toHaveTextContent(/^Free cancellation until \w{3}, \w{3} \d+, \d+:\d\d [AP]M$/);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog).not.toHaveTextContent('late cancellation');
    expect(dialog).toHaveTextContent('this cancellation is free');
    expect(within(dialog).getByRole('button', { name: 'Cancel booking' })).toBeInTheDocument();
  });

  it('asks again, with the consequence, when the cutoff passed while the dialog was open', async () => {
    const { calls } = renderMyPlaces([myBooking({ id: 'b-edge', status: 'confirmed', startsInHours: 72 })], [], {
      CancelBooking: {
        errors: [
          {
            message: 'Free cancellation ended Mon, Mar 3 at 6:00 AM: cancelling now counts as a late cancellation.',
            extensions: { code: 'CONFLICT', reason: 'LATE_CANCEL' },
          },
        ],
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel late?' });
    expect(within(again).getByTestId('late-cancel-warning')).toHaveTextContent(
      'Free cancellation ended Mon, Mar 3 at 6:00 AM: cancelling now counts as a late cancellation. It is recorded as a late cancellation',
    );
    expect(calls.filter((op) => op.operationName === 'CancelBooking').map((op) => op.variables)).toEqual([
      { bookingId: 'b-edge', lateCancelAccepted: false },
    ]);
    expect(within(again).getByRole('button', { name: 'Cancel late' })).toBeInTheDocument();
  });

  it('offers confirmed bookings to add to the calendar', async () => {
    renderMyPlaces([myBooking({ id: 'b-cal', status: 'confirmed', startsInHours: 72 })]);
    expect(await screen.findByRole('button', { name: /^Add to calendar: Paula’s Silks Intro on / })).toBeInTheDocument();
  });

  it('held spots count down: paid ones are "In your cart", free offers can be claimed', async () => {
    const { calls } = renderMyPlaces(
      [
        myBooking({ id: 'b-cart', status: 'held', startsInHours: 48, name: 'Lyra Level 1' }),
        myBooking({ id: 'b-offer', status: 'held', startsInHours: 30, paymentStatus: 'free', source: 'waitlist', name: 'Open Practice' }),
      ],
      [],
      {
        ClaimSpot: {
          data: {
            claimSpot: {
              ...myBooking({ id: 'b-offer', status: 'confirmed', startsInHours: 30, paymentStatus: 'free', source: 'waitlist' }),
            },
          },
        },
      },
    );
    expect(await screen.findByText('In your cart')).toBeInTheDocument();
    expect(screen.getByText('Spot offered')).toBeInTheDocument();
    expect(screen.getAllByRole('timer').map((t) => t.textContent)).toEqual([
      expect.stringMatching(/^Held for (9|10):\d\d$/),
      expect.stringMatching(/^Claim within (9|10):\d\d$/),
    ]);
    const asked = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Claim spot' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Spot claimed');
    expect(calls.find((op) => op.operationName === 'ClaimSpot')?.variables).toEqual({ bookingId: 'b-offer' });
    expect(await screen.findByText('Booked')).toBeInTheDocument();
    expect(calls.slice(asked).map((op) => op.operationName)).toEqual(['ClaimSpot']);
  });

  it("shows waitlist positions ('#2 in line') and leaves a waitlist", async () => {
    const c = makeClass({ name: 'Lyra Level 3' });
    const entry = {
      __typename: 'WaitlistEntry',
      id: 'w-1',
      status: 'waiting',
      position: 2,
      attendee: { __typename: 'User', id: 'u-mia', firstName: 'Mia', lastName: 'Reyes' },
      classInstance: c,
    };
    const { calls } = renderMyPlaces([], [entry], {
      LeaveWaitlist: {
        data: {
          leaveWaitlist: {
            __typename: 'WaitlistEntry',
            id: 'w-1',
            status: 'left',
            classInstance: { ...c, myBookings: [], myWaitlistEntries: [], rigPoints: [] },
          },
        },
      },
    });
    expect(await screen.findByText('#2 in line')).toBeInTheDocument();
    expect(screen.getByText(/For Mia Reyes/)).toBeInTheDocument();
    const asked = calls.length;
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Left the waitlist');
    expect(calls.find((op) => op.operationName === 'LeaveWaitlist')?.variables).toEqual({ entryId: 'w-1' });
    await waitFor(() => expect(screen.queryByText('#2 in line')).not.toBeInTheDocument());
    expect(calls.slice(asked).map((op) => op.operationName)).toEqual(['LeaveWaitlist']);
  });
});

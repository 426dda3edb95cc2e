import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { gqlError, renderApp, type Answer, type RecordedOperation } from '../../../test/utils';
import { ClassRoster, type RosterClass } from './ClassRoster';
import { FULL_FOR_STAFF, attendanceChip, canMarkAttendance, hasEnded, markingOpensAt, presenceOf, summarizeRoster } from './rosterRules';

jest.setTimeout(20_000);

const NOW = Date.parse('2030-01-07T18:10:00Z');
const AFTER = Date.parse('2030-01-07T19:30:00Z');

function klass(extra: Partial<RosterClass> = {}): RosterClass {
  return {
    id: 'c1',
    startTime: '18:00',
    startsAt: '2030-01-07T18:00:00Z',
    endsAt: '2030-01-07T19:15:00Z',
    status: 'scheduled',
    capacity: 6,
    spotsLeft: 4,
    notes: '',
    blueprint: { name: 'Silks Intro' },
    ...extra,
  };
}

function booking(id: string, firstName: string, extra: Record<string, unknown> = {}, attendee: Record<string, unknown> = {}) {
  return {
    __typename: 'Booking',
    id,
    status: 'confirmed',
    attendance: 'booked',
    checkedInAt: null,
    lateCancel: false,
    source: 'member',
    paymentStatus: 'paid',
    attendeeHealth: null,
    ...extra,
    attendee: {
      __typename: 'User',
      id: `u-${id}`,
      firstName,
      lastName: 'Okafor',
      age: 24,
      isMinor: false,
      waiverSigned: true,
      ...attendee,
    },
  };
}

const roster: Answer = {
  data: {
    classRoster: [
      booking('b1', 'Mia', {}, { age: 10, isMinor: true, lastName: 'Reyes', waiverSigned: false }),
      booking('b2', 'Sam', { attendance: 'checked in', checkedInAt: '2030-01-07T17:55:00Z' }),
      booking('b3', 'Zoe', { status: 'cancelled', attendance: 'late cancellation', lateCancel: true }),
    ],
  },
};

describe('roster rules (pure)', () => {
  it('opens attendance marks 30 minutes before class', () => {
    expect(canMarkAttendance('2030-01-07T18:00:00Z', Date.parse('2030-01-07T17:29:00Z'))).toBe(false);
    expect(canMarkAttendance('2030-01-07T18:00:00Z', Date.parse('2030-01-07T17:30:00Z'))).toBe(true);
    expect(canMarkAttendance('2030-01-07T18:00:00Z', Date.parse('2030-01-08T17:30:00Z'))).toBe(true);
    expect(hasEnded('2030-01-07T19:15:00Z', Date.parse('2030-01-07T19:15:00Z'))).toBe(true);
    expect(markingOpensAt('18:00')).toBe('17:30');
    expect(markingOpensAt('00:15')).toBe('23:45');
  });

  it('counts who came and who did not', () => {
    const list = [
      { status: 'confirmed', checkedInAt: '2030-01-07T17:55:00Z', lateCancel: false },
      { status: 'confirmed', checkedInAt: null, lateCancel: false },
      { status: 'no_show', checkedInAt: null, lateCancel: false },
      { status: 'cancelled', checkedInAt: null, lateCancel: true },
      { status: 'held', checkedInAt: null, lateCancel: false },
    ] as const;
    expect(summarizeRoster(list)).toEqual({ booked: 3, checkedIn: 1, noShows: 1, lateCancels: 1, notMarked: 1 });
    expect(list.map(presenceOf)).toEqual(['present', null, 'absent', null, null]);
    expect(attendanceChip('no-show')).toEqual({ label: 'No-show', color: 'error' });
    expect(attendanceChip('late cancellation').label).toBe('Late cancellation');
  });
});

describe('ClassRoster', () => {
  it('lists attendees with age, waiver and check-in state, and marks attendance', async () => {
    const mark = (op: RecordedOperation): Answer => ({
      data: {
        markAttendance: booking(
          String(op.variables.bookingId),
          'Mia',
          op.variables.present
            ? { attendance: 'checked in', checkedInAt: '2030-01-07T18:09:00Z' }
            : { status: 'no_show', attendance: 'no-show' },
          { age: 10, isMinor: true, lastName: 'Reyes', waiverSigned: false },
        ),
      },
    });
    // After the class: marks are corrections, and "absent" records a no-show.
    const { calls } = renderApp(<ClassRoster klass={klass()} isAdmin={false} now={AFTER} />, {
      handlers: { ClassRoster: roster, MarkAttendance: mark },
    });
    const list = await screen.findByRole('list', { name: 'Roster of Silks Intro' });
    const mia = within(list).getByRole('listitem', { name: 'Mia Reyes' });
    expect(within(mia).getByText(/Age 10 · minor/)).toBeInTheDocument();
    expect(within(mia).getByText('Waiver missing')).toBeInTheDocument();
    expect(within(mia).getByText('Booked')).toBeInTheDocument();
    const sam = within(list).getByRole('listitem', { name: 'Sam Okafor' });
    expect(within(sam).getByText('Waiver signed')).toBeInTheDocument();
    expect(within(sam).getByText(/^Checked in/)).toBeInTheDocument();
    expect(within(sam).getByRole('button', { name: 'Mark Sam Okafor present in Silks Intro' })).toHaveAttribute('aria-pressed', 'true');
    // A late cancellation is shown but takes no marks.
    const zoe = within(list).getByRole('listitem', { name: 'Zoe Okafor' });
    expect(within(zoe).getByText('Late cancellation')).toBeInTheDocument();
    expect(within(zoe).queryByRole('button', { name: /Mark/ })).not.toBeInTheDocument();
    expect(screen.getByText('1 checked in')).toBeInTheDocument();
    expect(screen.getByText('1 late cancellation')).toBeInTheDocument();

    fireEvent.click(within(mia).getByRole('button', { name: 'Mark Mia Reyes present in Silks Intro' }));
    await waitFor(() => expect(within(mia).getByText(/^Checked in/)).toBeInTheDocument());
    expect(calls.find((c) => c.operationName === 'MarkAttendance')?.variables).toEqual({ bookingId: 'b1', present: true });
    expect(screen.getByText('2 checked in')).toBeInTheDocument();

    fireEvent.click(within(mia).getByRole('button', { name: 'Mark Mia Reyes absent in Silks Intro' }));
    await waitFor(() => expect(within(mia).getByText('No-show')).toBeInTheDocument());
    expect(calls.filter((c) => c.operationName === 'MarkAttendance').at(-1)?.variables).toEqual({ bookingId: 'b1', present: false });
    expect(screen.getByText('1 no-show')).toBeInTheDocument();
  });

  it('marks an attendee with health details and opens them in a popover; others carry no marker', async () => {
    const health = {
      __typename: 'HealthDetails',
      allergies: 'Peanuts (carries an EpiPen)',
      medicalNotes: 'Mild asthma',
      emergencyContactName: 'Rosa Reyes',
      emergencyContactPhone: '555-0100',
      emergencyContactRelationship: 'Grandmother',
      updatedAt: '2030-01-01T10:00:00Z',
    };
    const answer: Answer = {
      data: {
        classRoster: [
          booking('b1', 'Mia', { attendeeHealth: health }, { age: 10, isMinor: true, lastName: 'Reyes' }),
          booking('b2', 'Sam'),
        ],
      },
    };
    renderApp(<ClassRoster klass={klass()} isAdmin={false} now={NOW} />, { handlers: { ClassRoster: answer } });
    const list = await screen.findByRole('list', { name: 'Roster of Silks Intro' });
    const sam = within(list).getByRole('listitem', { name: 'Sam Okafor' });
    expect(within(sam).queryByRole('button', { name: /Health details/ })).not.toBeInTheDocument();
    const mia = within(list).getByRole('listitem', { name: 'Mia Reyes' });
    // Nothing of the details shows until the marker is opened.
    expect(screen.queryByText(/Peanuts/)).not.toBeInTheDocument();
    fireEvent.click(within(mia).getByRole('button', { name: 'Health details for Mia Reyes' }));
    const popover = await screen.findByRole('dialog', { name: 'Health details for Mia Reyes' });
    expect(popover).toHaveTextContent('AllergiesPeanuts (carries an EpiPen)');
    expect(popover).toHaveTextContent('Medical notesMild asthma');
    expect(popover).toHaveTextContent('Emergency contactRosa Reyes (Grandmother) · 555-0100');
  });

  it('during class, "absent" only undoes a check-in', async () => {
    renderApp(<ClassRoster klass={klass()} isAdmin={false} now={NOW} />, { handlers: { ClassRoster: roster } });
    const list = await screen.findByRole('list', { name: 'Roster of Silks Intro' });
    expect(within(list).getByRole('button', { name: 'Mark Mia Reyes present in Silks Intro' })).toBeEnabled();
    expect(within(list).getByRole('button', { name: 'Mark Mia Reyes absent in Silks Intro' })).toBeDisabled();
    expect(within(list).getByRole('button', { name: 'Mark Sam Okafor absent in Silks Intro' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add walk-in' })).toBeEnabled();
  });

  it('keeps marks closed until 30 minutes before class', async () => {
    renderApp(<ClassRoster klass={klass()} isAdmin={false} now={Date.parse('2030-01-07T12:00:00Z')} />, {
      handlers: { ClassRoster: roster },
    });
    const list = await screen.findByRole('list', { name: 'Roster of Silks Intro' });
    expect(within(list).getByRole('button', { name: 'Mark Mia Reyes present in Silks Intro' })).toBeDisabled();
    expect(screen.getByText('Attendance can be marked from 5:30 PM (30 minutes before class).')).toBeInTheDocument();
    // Before class, staff book people in (a walk-in is checked in at once, so that waits for check-in).
    expect(screen.getByRole('button', { name: 'Add attendee' })).toBeEnabled();
  });

  const sam = {
    __typename: 'AttendeeCandidate',
    id: 'u-new',
    firstName: 'Noah',
    lastName: 'Patel',
    age: 31,
    isMinor: false,
    waiverSigned: true,
    guardian: null,
  };

  async function addWalkIn() {
    fireEvent.click(await screen.findByRole('button', { name: 'Add walk-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to Silks Intro' });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Attendee' }), { target: { value: 'noah' } });
    fireEvent.click(await screen.findByRole('option', { name: /Noah Patel/ }));
    expect(within(dialog).getByRole('checkbox', { name: /Walk-in: check them in now/ })).toBeChecked();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check in walk-in' }));
    return dialog;
  }

  it('adds a walk-in found by search; the new attendee joins the roster', async () => {
    const booked = (op: RecordedOperation): Answer => ({
      data: {
        staffBookAttendee: {
          ...booking(
            'b9',
            'Noah',
            { source: 'walk_in', attendance: 'checked in', checkedInAt: '2030-01-07T18:10:00Z', paymentStatus: 'unpaid' },
            { ...sam, lastName: 'Patel' },
          ),
          classInstance: { __typename: 'ClassInstance', id: op.variables.classInstanceId, spotsTaken: 3, spotsLeft: 3, waitlistLength: 0 },
        },
      },
    });
    const { calls } = renderApp(<ClassRoster klass={klass()} isAdmin={false} now={NOW} />, {
      handlers: { ClassRoster: roster, FindAttendees: { data: { findAttendees: [sam] } }, StaffBookAttendee: booked },
    });
    await addWalkIn();
    const list = await screen.findByRole('list', { name: 'Roster of Silks Intro' });
    const noah = await within(list).findByRole('listitem', { name: 'Noah Patel' });
    expect(within(noah).getByText(/Walk-in/)).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'FindAttendees')?.variables).toEqual({ search: 'noah' });
    expect(calls.find((c) => c.operationName === 'StaffBookAttendee')?.variables).toEqual({
      classInstanceId: 'c1',
      attendeeId: 'u-new',
      walkIn: true,
      overCapacity: false,
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets an admin book a full class over capacity only after confirming', async () => {
    const booked = (op: RecordedOperation): Answer =>
      op.variables.overCapacity
        ? {
            data: {
              staffBookAttendee: {
                ...booking('b9', 'Noah', { source: 'walk_in', attendance: 'checked in', checkedInAt: '2030-01-07T18:10:00Z' }, { ...sam }),
                classInstance: { __typename: 'ClassInstance', id: 'c1', spotsTaken: 7, spotsLeft: 0, waitlistLength: 0 },
              },
            },
          }
        : { errors: [{ message: 'This class is full.', extensions: { code: 'CONFLICT', reason: 'CLASS_FULL' } }] };
    const { calls } = renderApp(<ClassRoster klass={klass({ spotsLeft: 0 })} isAdmin now={NOW} />, {
      handlers: { ClassRoster: roster, FindAttendees: { data: { findAttendees: [sam] } }, StaffBookAttendee: booked },
    });
    await addWalkIn();
    const confirm = await screen.findByRole('dialog', { name: 'Book over capacity?' });
    expect(within(confirm).getByText(/Silks Intro is full \(6 of 6 spots\)/)).toBeInTheDocument();
    // Nothing was sent yet: the class is known to be full.
    expect(calls.some((c) => c.operationName === 'StaffBookAttendee')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Book over capacity' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.operationName === 'StaffBookAttendee').map((c) => c.variables.overCapacity)).toEqual([true]);
  });

  it('asks an admin to confirm when the server says the class just filled up', async () => {
    const booked = (op: RecordedOperation): Answer =>
      op.variables.overCapacity
        ? {
            data: {
              staffBookAttendee: {
                ...booking('b9', 'Noah', {}, { ...sam }),
                classInstance: { __typename: 'ClassInstance', id: 'c1', spotsTaken: 7, spotsLeft: 0, waitlistLength: 0 },
              },
            },
          }
        : { errors: [{ message: 'This class is full.', extensions: { code: 'CONFLICT', reason: 'CLASS_FULL' } }] };
    const { calls } = renderApp(<ClassRoster klass={klass({ spotsLeft: 1 })} isAdmin now={NOW} />, {
      handlers: { ClassRoster: roster, FindAttendees: { data: { findAttendees: [sam] } }, StaffBookAttendee: booked },
    });
    await addWalkIn();
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Book over capacity?' })).getByRole('button', { name: 'Book over capacity' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.operationName === 'StaffBookAttendee').map((c) => c.variables.overCapacity)).toEqual([false, true]);
  });

  it('tells an instructor that only admins can go over capacity', async () => {
    const { calls } = renderApp(<ClassRoster klass={klass({ spotsLeft: 1 })} isAdmin={false} now={NOW} />, {
      handlers: {
        ClassRoster: roster,
        FindAttendees: { data: { findAttendees: [sam] } },
        StaffBookAttendee: { errors: [{ message: 'This class is full.', extensions: { code: 'CONFLICT', reason: 'CLASS_FULL' } }] },
      },
    });
    const dialog = await addWalkIn();
    expect(await within(dialog).findByText(FULL_FOR_STAFF)).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Book over capacity?' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === 'StaffBookAttendee').map((c) => c.variables.overCapacity)).toEqual([false]);
  });

  it('shows the server’s reason when a booking is refused', async () => {
    renderApp(<ClassRoster klass={klass()} isAdmin now={NOW} />, {
      handlers: {
        ClassRoster: roster,
        FindAttendees: { data: { findAttendees: [sam] } },
        StaffBookAttendee: gqlError('FORBIDDEN', 'Noah Patel needs a signed waiver before booking. Sign it on the waiver page.'),
      },
    });
    const dialog = await addWalkIn();
    expect(
      await within(dialog).findByText('Noah Patel needs a signed waiver before booking. Sign it on the waiver page.'),
    ).toBeInTheDocument();
  });
});

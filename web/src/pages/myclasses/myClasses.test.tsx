import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { TOKEN_KEY } from '../../app/storage';
import { fakeSession, makeUser, renderApp, type Answer } from '../../../test/utils';
import { addDays, todayIso } from '../../app/dates';
import MyClassesPage, { groupByDate } from './MyClassesPage';
import { TEACHING_WINDOW_DAYS } from './MyClassesPage.preload';

const today = todayIso();
const tomorrow = addDays(today, 1);
const blueprint = (id: string, name: string) => ({
  __typename: 'ClassBlueprint',
  id,
  name,
  level: 1,
  apparatus: { __typename: 'Apparatus', id: 'a1', name: 'Silks' },
});
const instructor = { __typename: 'PersonSummary', id: 'i1', name: 'Iris Vale' };

function teaching(id: string, date: string, startTime: string, name: string, extra: Record<string, unknown> = {}) {
  return {
    __typename: 'ClassInstance',
    id,
    date,
    startTime,
    endTime: '19:15',
    startsAt: `${addDays(today, 30)}T18:00:00Z`,
    endsAt: `${addDays(today, 30)}T19:15:00Z`,
    status: 'scheduled',
    capacity: 6,
    spotsTaken: 1,
    spotsLeft: 5,
    waitlistLength: 0,
    checkInOpen: false,
    notes: '',
    blueprint: blueprint(`b-${id}`, name),
    instructor,
    ...extra,
  };
}

describe('/class-instances', () => {
  it('groups classes by date, then time', () => {
    const items = [
      { d: '2030-01-02', t: '10:00' },
      { d: '2030-01-01', t: '18:00' },
      { d: '2030-01-01', t: '09:00' },
    ];
    expect(
      groupByDate(
        items,
        (i) => i.d,
        (i) => i.t,
      ),
    ).toEqual([
      [
        '2030-01-01',
        [
          { d: '2030-01-01', t: '09:00' },
          { d: '2030-01-01', t: '18:00' },
        ],
      ],
      ['2030-01-02', [{ d: '2030-01-02', t: '10:00' }]],
    ]);
  });

  it('shows an instructor two weeks of their classes; a class opens to its roster', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const classes: Answer = {
      data: {
        myTeachingClasses: [
          teaching('k2', tomorrow, '19:00', 'Lyra Level 3'),
          teaching('k1', tomorrow, '18:00', 'Silks Intro'),
          teaching('k3', today, '20:00', 'Pole Level 4', { status: 'cancelled' }),
        ],
      },
    };
    const roster: Answer = {
      data: {
        classRoster: [
          {
            __typename: 'Booking',
            id: 'b1',
            status: 'confirmed',
            attendance: 'booked',
            checkedInAt: null,
            lateCancel: false,
            source: 'member',
            paymentStatus: 'paid',
            attendeeHealth: null,
            attendee: { __typename: 'User', id: 'u1', firstName: 'Sam', lastName: 'Okafor', age: 24, isMinor: false, waiverSigned: true },
          },
        ],
      },
    };
    const { calls } = renderApp(<MyClassesPage />, {
      route: '/class-instances',
      session: fakeSession({ user: makeUser({ role: 'instructor', firstName: 'Iris' }) }),
      handlers: { TeachingClasses: classes, ClassRoster: roster },
    });
    expect(await screen.findByRole('heading', { name: 'My Classes', level: 1 })).toBeInTheDocument();
    await screen.findByText('Silks Intro');
    expect(calls.find((c) => c.operationName === 'TeachingClasses')?.variables).toEqual({
      from: today,
      to: addDays(today, TEACHING_WINDOW_DAYS - 1),
    });

    const days = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(days.slice(1)).toHaveLength(2);
    const tomorrowSection = screen.getAllByRole('region').find((r) => within(r).queryByText('Tomorrow'))!;
    const names = within(tomorrowSection)
      .getAllByRole('button', { expanded: false })
      .map((b) => b.textContent);
    expect(names[0]).toMatch(/^6:00 PM.*Silks Intro/);
    expect(names[1]).toMatch(/^7:00 PM.*Lyra Level 3/);
    expect(screen.getByText('Cancelled')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /Silks Intro/ }));
    const list = await screen.findByRole('list', { name: 'Roster of Silks Intro' });
    expect(within(list).getByRole('listitem', { name: 'Sam Okafor' })).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'ClassRoster')?.variables).toEqual({ classInstanceId: 'k1' });

    fireEvent.click(screen.getByRole('button', { name: 'A week later' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.operationName === 'TeachingClasses').at(-1)?.variables).toEqual({
        from: addDays(today, 7),
        to: addDays(today, 7 + TEACHING_WINDOW_DAYS - 1),
      }),
    );
  });

  it("shows a parent their family's bookings and waitlist places", async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const klass = {
      __typename: 'ClassInstance',
      id: 'k1',
      date: tomorrow,
      startTime: '11:30',
      endTime: '12:15',
      status: 'scheduled',
      blueprint: blueprint('b1', 'Kids Hammock'),
      instructor,
    };
    const full = { ...klass, id: 'k2', startTime: '16:00', blueprint: blueprint('b2', 'Lyra Level 1') };
    const family: Answer = {
      data: {
        myBookings: [
          {
            __typename: 'Booking',
            id: 'b1',
            status: 'confirmed',
            holdExpiresAt: null,
            attendee: { __typename: 'User', id: 'm', firstName: 'Mia' },
            classInstance: klass,
          },
        ],
        myWaitlist: [
          {
            __typename: 'WaitlistEntry',
            id: 'w1',
            status: 'waiting',
            position: 2,
            attendee: { __typename: 'User', id: 'p', firstName: 'Paula' },
            classInstance: full,
          },
        ],
      },
    };
    const { calls } = renderApp(<MyClassesPage />, {
      route: '/class-instances',
      session: fakeSession({ user: makeUser({ role: 'parent', firstName: 'Paula' }) }),
      handlers: { FamilyUpcomingClasses: family },
    });
    const hammock = (await screen.findByText('Kids Hammock')).closest('li')!;
    expect(within(hammock).getByText('Mia')).toBeInTheDocument();
    expect(within(hammock).getByText('Booked')).toBeInTheDocument();
    const lyra = screen.getByText('Lyra Level 1').closest('li')!;
    expect(within(lyra).getByText('Waitlist #2')).toBeInTheDocument();
    expect(calls.some((c) => c.operationName === 'TeachingClasses')).toBe(false);
  });
});

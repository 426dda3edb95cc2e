import { ApolloLink } from '@apollo/client';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OperationTypeNode } from 'graphql';
import { Suspense } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Observable, type Observer } from 'rxjs';
import { createStudioApollo } from '../../app/apollo';
import CalendarPage from '../../pages/calendar/CalendarPage';
import { safeReturnPath } from '../../app/returnTo';
import { IRIS, LYRA, THEO, makeClass } from '../../../test/classFixtures';
import { LocationProbe, fakeSession, makeUser, renderApp, scriptedLink, type Handler } from '../../../test/utils';
import { type ClassBookingStateFragment, ClassBookingStateFragmentDoc } from './ClassCard.generated';
import { ClassScheduleDocument } from './schedule.generated';
import { spotsInfo } from './classLabels';
import { applySpotsUpdate } from './liveSpots';
import { ScheduleBrowser } from './ScheduleBrowser';
import { readScheduleState, scheduleFilter } from './scheduleState';
import { addDays, formatRangeLabel, formatTime, formatTimeRange, shiftAnchor, startOfWeek, todayIso, visibleRange } from '../../app/dates';

// The instructor select and the class details dialog are chunks of their own, loaded on first use: in Jest that means
// compiled on first use, so they are loaded before any test's clock starts.
beforeAll(() => Promise.all([import('./InstructorSelect'), import('./ClassDetailsDialog')]));

describe('calendar dates (studio dates shown as given)', () => {
  it('a week is seven days from its first day (opened on today: today first); months cover whole Monday–Sunday weeks (at most 42 days)', () => {
    expect(visibleRange('week', '2030-03-06')).toEqual({ from: '2030-03-06', to: '2030-03-12' });
    expect(visibleRange('week', '2030-03-10')).toEqual({ from: '2030-03-10', to: '2030-03-16' });
    expect(visibleRange('month', '2030-03-15')).toEqual({ from: '2030-02-25', to: '2030-03-31' });
    // September 2030 starts on a Sunday and ends on a Monday: six rows, 42 days.
    expect(visibleRange('month', '2030-09-10')).toEqual({ from: '2030-08-26', to: '2030-10-06' });
    expect(startOfWeek('2030-01-01')).toBe('2029-12-31');
    expect(shiftAnchor('week', '2030-03-06', 1)).toBe('2030-03-13');
    expect(shiftAnchor('month', '2030-01-31', 1)).toBe('2030-02-01');
  });

  it('labels ranges and times', () => {
    expect(formatRangeLabel('week', '2030-03-04')).toBe('Mar 4 – 10, 2030');
    expect(formatRangeLabel('week', '2030-04-01')).toBe('Apr 1 – 7, 2030');
    expect(formatRangeLabel('week', '2030-01-28')).toBe('Jan 28 – Feb 3, 2030');
    expect(formatRangeLabel('week', '2030-12-30')).toBe('Dec 30, 2030 – Jan 5, 2031');
    expect(formatRangeLabel('month', '2030-03-06')).toBe('March 2030');
    expect(formatTime('09:05')).toBe('9:05 AM');
    expect(formatTime('12:00')).toBe('12:00 PM');
    expect(formatTime('00:30')).toBe('12:30 AM');
    expect(formatTimeRange('18:00', '19:15')).toBe('6:00 – 7:15 PM');
    expect(formatTimeRange('11:30', '12:15')).toBe('11:30 AM – 12:15 PM');
  });

  it("says how full a class is ('Full · 3 waiting')", () => {
    expect(spotsInfo({ spotsLeft: 4, waitlistLength: 0, status: 'scheduled' }).label).toBe('4 spots left');
    expect(spotsInfo({ spotsLeft: 1, waitlistLength: 0, status: 'scheduled' }).label).toBe('1 spot left');
    expect(spotsInfo({ spotsLeft: 0, waitlistLength: 0, status: 'scheduled' }).label).toBe('Full');
    expect(spotsInfo({ spotsLeft: 0, waitlistLength: 3, status: 'scheduled' }).label).toBe('Full · 3 waiting');
    expect(spotsInfo({ spotsLeft: 5, waitlistLength: 0, status: 'cancelled' }).label).toBe('Cancelled');
  });

  it("says 'Started' and 'Ended' instead of spots once a class has begun or is over", () => {
    const c = { spotsLeft: 6, waitlistLength: 0, status: 'scheduled', startsAt: '2030-03-03T18:00:00Z', endsAt: '2030-03-03T19:15:00Z' };
    expect(spotsInfo(c, Date.parse('2030-03-03T17:59:00Z')).label).toBe('6 spots left');
    expect(spotsInfo(c, Date.parse('2030-03-03T18:30:00Z')).label).toBe('Started');
    expect(spotsInfo(c, Date.parse('2030-03-03T19:15:00Z'))).toEqual({ label: 'Ended', tone: 'past' });
    expect(spotsInfo({ ...c, status: 'cancelled' }, Date.parse('2030-03-04T00:00:00Z')).label).toBe('Cancelled');
  });

  it('reads view, date and filters from the address', () => {
    const state = readScheduleState(
      new URLSearchParams('view=month&date=2030-03-06&apparatus=a1,a2&level=1,9,3&instructor=i1'),
      '2030-01-01',
    );
    expect(state).toEqual({ view: 'month', anchor: '2030-03-06', apparatusIds: ['a1', 'a2'], levels: [1, 3], instructorId: 'i1' });
    expect(scheduleFilter(state)).toEqual({ apparatusIds: ['a1', 'a2'], levels: [1, 3], instructorIds: ['i1'] });
    expect(readScheduleState(new URLSearchParams('date=bogus'), '2030-01-01')).toMatchObject({ view: 'week', anchor: '2030-01-01' });
    expect(scheduleFilter(readScheduleState(new URLSearchParams(''), '2030-01-01'))).toBeUndefined();
  });
});

const week = [
  makeClass({ id: 'c-silks', date: '2030-03-04', name: 'Silks Intro', spotsLeft: 4, level: 1 }),
  makeClass({
    id: 'c-lyra',
    date: '2030-03-06',
    startTime: '17:30',
    endTime: '18:30',
    name: 'Lyra Level 3',
    apparatus: LYRA,
    instructor: THEO,
    level: 3,
    spotsLeft: 1,
  }),
];

const filters = {
  data: {
    apparatuses: [{ __typename: 'Apparatus', id: 'app-silks', name: 'Silks' }, LYRA],
    instructors: [IRIS, THEO],
  },
};

/** A test client whose subscriptions can be fed events by hand. */
function liveClient(handlers: Record<string, Handler | unknown>) {
  const scripted = scriptedLink(handlers as Record<string, Handler>);
  const subscribers: { variables: Record<string, unknown>; observer: Observer<ApolloLink.Result> }[] = [];
  const subscriptions = new ApolloLink(
    (operation) =>
      new Observable<ApolloLink.Result>((observer) => {
        const entry = { variables: operation.variables, observer };
        subscribers.push(entry);
        return () => subscribers.splice(subscribers.indexOf(entry), 1);
      }),
  );
  const link = ApolloLink.split((op) => op.operationType === OperationTypeNode.SUBSCRIPTION, subscriptions, scripted.link);
  return { apollo: createStudioApollo({ link }), calls: scripted.calls, subscribers };
}

describe('ScheduleBrowser', () => {
  it('shows each class with time, name, level, apparatus, instructor and spots left', async () => {
    const { calls } = renderApp(<ScheduleBrowser onOpenClass={jest.fn()} />, {
      route: '/calendar?date=2030-03-04',
      session: fakeSession(),
      handlers: { ClassSchedule: { data: { classSchedule: week } }, ScheduleFilters: filters },
    });
    const cards = await screen.findAllByTestId('class-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]).toHaveTextContent('6:00 – 7:15 PM');
    expect(cards[0]).toHaveTextContent('Silks Intro');
    expect(cards[0]).toHaveTextContent('Intro');
    expect(cards[0]).toHaveTextContent('Iris Vale');
    expect(cards[0]).toHaveTextContent('4 spots left');
    expect(cards[1]).toHaveTextContent('Lyra · Level 3');
    expect(cards[1]).toHaveTextContent('1 spot left');
    expect(screen.getByRole('heading', { name: 'Mar 4 – 10, 2030' })).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'ClassSchedule')?.variables).toEqual({ from: '2030-03-04', to: '2030-03-10' });
  });

  it('opens on today: a seven-day week from today, with the classes already over marked Ended', async () => {
    const today = todayIso();
    const over = makeClass({ id: 'c-over', date: today, startsAt: new Date(Date.now() - 3 * 3_600_000).toISOString(), spotsLeft: 6 });
    const soon = makeClass({ id: 'c-soon', date: addDays(today, 1), startsAt: new Date(Date.now() + 24 * 3_600_000).toISOString() });
    const { calls } = renderApp(<ScheduleBrowser onOpenClass={jest.fn()} />, {
      route: '/calendar',
      session: fakeSession(),
      handlers: { ClassSchedule: { data: { classSchedule: [over, soon] } }, ScheduleFilters: filters },
    });
    const cards = await screen.findAllByTestId('class-card');
    expect(calls.find((c) => c.operationName === 'ClassSchedule')?.variables).toEqual({ from: today, to: addDays(today, 6) });
    const ended = cards.find((c) => c.getAttribute('data-class-id') === 'c-over')!;
    expect(within(ended).getByTestId('spots')).toHaveTextContent(/^Ended$/);
    expect(ended).not.toHaveTextContent('spots left');
    expect(cards.find((c) => c.getAttribute('data-class-id') === 'c-soon')).toHaveTextContent('4 spots left');
  });

  it('filters by apparatus, level and instructor (asking the server), and clears them', async () => {
    const { calls } = renderApp(<ScheduleBrowser onOpenClass={jest.fn()} />, {
      route: '/calendar?date=2030-03-04',
      session: fakeSession(),
      handlers: { ClassSchedule: { data: { classSchedule: week } }, ScheduleFilters: filters },
    });
    await screen.findAllByTestId('class-card');
    const schedules = () => calls.filter((c) => c.operationName === 'ClassSchedule').map((c) => c.variables.filter);

    const lyra = await screen.findByRole('button', { name: 'Lyra' });
    fireEvent.click(lyra);
    await waitFor(() => expect(schedules()).toContainEqual({ apparatusIds: ['app-lyra'] }));
    expect(screen.getByRole('button', { name: 'Lyra' })).toHaveAttribute('aria-pressed', 'true');

    fireEvent.click(within(screen.getByRole('group', { name: 'Level' })).getByRole('button', { name: 'Level 3' }));
    await waitFor(() => expect(schedules()).toContainEqual({ apparatusIds: ['app-lyra'], levels: [3] }));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Instructor' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Theo Marsh' }));
    await waitFor(() => expect(schedules()).toContainEqual({ apparatusIds: ['app-lyra'], levels: [3], instructorIds: ['ins-theo'] }));

    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' })[0]);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Lyra' })).toHaveAttribute('aria-pressed', 'false'));
  });

  it('moves by week and switches to the month view', async () => {
    const { calls } = renderApp(<ScheduleBrowser onOpenClass={jest.fn()} />, {
      route: '/calendar?date=2030-03-04',
      session: fakeSession(),
      handlers: { ClassSchedule: { data: { classSchedule: week } }, ScheduleFilters: filters },
    });
    await screen.findAllByTestId('class-card');
    fireEvent.click(screen.getByRole('button', { name: 'Next week' }));
    expect(await screen.findByRole('heading', { name: 'Mar 11 – 17, 2030' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Month' }));
    expect(await screen.findByRole('heading', { name: 'March 2030' })).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.variables)).toContainEqual({ from: '2030-02-25', to: '2030-03-31' }));
  });

  it('asks for the next week once, even when the page renders the current week again before the move commits', async () => {
    // The router moves the address in a transition: until it commits, any urgent render (here the schedule's own
    // answer arriving) still shows the current week. Something on the page holds the move back meanwhile (as a busy
    // first load does), so such a render happens in between.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = true;
    const letGo = () => {
      holding = false;
      release();
    };
    function HoldNextWeek() {
      const [params] = useSearchParams();
      if (holding && params.get('date') === '2030-03-11') throw held;
      return null;
    }
    const nextWeek = [makeClass({ id: 'c-next', date: '2030-03-12', name: 'Hoop Flow', spotsLeft: 5 })];
    const { calls } = renderApp(
      <>
        <ScheduleBrowser onOpenClass={jest.fn()} />
        <Suspense fallback={null}>
          <HoldNextWeek />
        </Suspense>
      </>,
      {
        route: '/calendar?date=2030-03-04',
        session: fakeSession(),
        handlers: {
          ClassSchedule: ({ variables }) => {
            // Flipping back and forth while the move is held never ends: past a few requests the move goes through.
            if (calls.filter((c) => c.operationName === 'ClassSchedule').length > 4) letGo();
            return { data: { classSchedule: variables.from === '2030-03-04' ? week : nextWeek } };
          },
          ScheduleFilters: filters,
        },
      },
    );
    await screen.findAllByTestId('class-card');
    const weeks = () => calls.filter((c) => c.operationName === 'ClassSchedule').map((c) => c.variables.from);
    expect(weeks()).toEqual(['2030-03-04']);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Next week' })));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    await act(async () => letGo());
    expect(await screen.findByRole('heading', { name: 'Mar 11 – 17, 2030' })).toBeInTheDocument();
    expect(await screen.findByText('Hoop Flow')).toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(weeks()).toEqual(['2030-03-04', '2030-03-11']);
  });

  it('spotsChanged updates the cached class, so the calendar shows it at once', async () => {
    const { apollo, subscribers } = liveClient({ ClassSchedule: { data: { classSchedule: week } }, ScheduleFilters: filters });
    renderApp(<ScheduleBrowser onOpenClass={jest.fn()} />, { route: '/calendar?date=2030-03-04', session: fakeSession(), apollo });
    await screen.findAllByTestId('class-card');
    await waitFor(() => expect(subscribers).toHaveLength(1));
    expect((subscribers[0].variables.classInstanceIds as string[]).sort()).toEqual(['c-lyra', 'c-silks']);

    await act(async () => {
      subscribers[0].observer.next({
        data: {
          spotsChanged: {
            __typename: 'SpotsUpdate',
            classInstanceId: 'c-lyra',
            spotsLeft: 0,
            waitlistLength: 3,
            status: 'scheduled',
            takenRigPointIds: [],
          },
        },
      });
    });
    const lyra = screen.getAllByTestId('class-card').find((c) => c.getAttribute('data-class-id') === 'c-lyra')!;
    await waitFor(() => expect(lyra).toHaveTextContent('Full · 3 waiting'));
    // Straight in the cache: every query holding that class sees the new counts.
    const cached = apollo.client.readQuery({ query: ClassScheduleDocument, variables: { from: '2030-03-04', to: '2030-03-10' } });
    expect(cached?.classSchedule.find((c) => c.id === 'c-lyra')).toMatchObject({ spotsLeft: 0, waitlistLength: 3 });
  });

  it('an update for a class not on screen changes nothing', () => {
    const apollo = createStudioApollo({ link: scriptedLink({}).link });
    expect(
      applySpotsUpdate(apollo.client.cache, {
        classInstanceId: 'unknown',
        spotsLeft: 1,
        waitlistLength: 0,
        status: 'scheduled',
        takenRigPointIds: [],
      }),
    ).toBe(false);
  });

  it('marks rig points taken elsewhere (and freed again) in the cached class, for the rig point picker', () => {
    const { cache } = createStudioApollo({ link: scriptedLink({}).link }).client;
    const point = (id: string, taken: boolean) => ({
      __typename: 'RigPointAvailability' as const,
      taken,
      rigPoint: { __typename: 'RigPoint' as const, id, name: `Silks ${id.slice(-1)}` },
    });
    // As the server sends it (with __typename, which the generated types leave out).
    const data = {
      __typename: 'ClassInstance',
      id: 'c-silks',
      spotsLeft: 6,
      waitlistLength: 0,
      rigPoints: [point('rp-1', false), point('rp-2', true), point('rp-3', false)],
      myBookings: [],
      myWaitlistEntries: [],
    };
    cache.writeFragment({ fragment: ClassBookingStateFragmentDoc, id: 'ClassInstance:c-silks', data: data as ClassBookingStateFragment });
    applySpotsUpdate(cache, {
      classInstanceId: 'c-silks',
      spotsLeft: 4,
      waitlistLength: 0,
      status: 'scheduled',
      takenRigPointIds: ['rp-1', 'rp-3'],
    });
    const state = cache.readFragment({ fragment: ClassBookingStateFragmentDoc, id: 'ClassInstance:c-silks' });
    expect(state?.rigPoints.map((p) => [p.rigPoint.id, p.taken])).toEqual([
      ['rp-1', true],
      ['rp-2', false],
      ['rp-3', true],
    ]);
  });
});

describe('CalendarPage', () => {
  const open = [makeClass({ id: 'c-open', date: '2030-03-04', name: 'Silks Intro' })];
  const handlers = {
    ClassSchedule: { data: { classSchedule: open } },
    ScheduleFilters: filters,
    ClassDetails: { data: { classInstance: open[0] } },
  };

  it('signed out: its own header offers Sign in; Book goes to /login and comes back to this class', async () => {
    const went = jest.fn();
    renderApp(
      <>
        <CalendarPage />
        <LocationProbe onChange={went} />
      </>,
      { route: '/calendar?date=2030-03-04', session: fakeSession(), handlers },
    );
    expect(screen.getByRole('heading', { name: 'Class Calendar', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    fireEvent.click(await screen.findByTestId('class-card'));
    const dialog = await screen.findByRole('dialog', { name: 'Silks Intro' });
    expect(dialog).toHaveTextContent('Your first climbs and foot locks on the fabric.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign in to book' }));
    await waitFor(() =>
      expect(went).toHaveBeenLastCalledWith(`/login?next=${encodeURIComponent('/calendar?date=2030-03-04&class=c-open')}`),
    );
  });

  it('signed in: Book opens /classes with the class selected', async () => {
    const went = jest.fn();
    renderApp(
      <>
        <CalendarPage />
        <LocationProbe onChange={went} />
      </>,
      { route: '/calendar?date=2030-03-04&class=c-open', session: fakeSession({ user: makeUser() }), handlers },
    );
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    const dialog = await screen.findByRole('dialog', { name: 'Silks Intro' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Book this class' }));
    await waitFor(() => expect(went).toHaveBeenLastCalledWith('/classes?class=c-open&date=2030-03-04'));
  });

  it('only sends people back to paths inside the app after signing in', () => {
    expect(safeReturnPath('/calendar?class=c1&date=2030-03-05')).toBe('/calendar?class=c1&date=2030-03-05');
    expect(safeReturnPath('https://evil.example')).toBeNull();
    expect(safeReturnPath('//evil.example')).toBeNull();
    expect(safeReturnPath('/login?next=/x')).toBeNull();
    expect(safeReturnPath(null)).toBeNull();
  });
});

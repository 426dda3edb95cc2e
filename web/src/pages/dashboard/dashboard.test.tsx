import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeClass } from '../../../test/classFixtures';
import { fakeSession, makeUser, renderApp } from '../../../test/utils';
import DashboardPage from './DashboardPage';

const handlers = {
  DashboardClasses: { data: { myBookings: [], myWaitlist: [] } },
  MyCheckIn: { data: { myCheckIn: { __typename: 'MyCheckIn', code: 'code-1', hasPin: false } } },
};

/** Every quick link opens its page: no tile is a stub. */
it('links every quick link to its page', async () => {
  renderApp(<DashboardPage />, { session: fakeSession({ user: makeUser({ role: 'parent' }) }), handlers });
  const tiles = await screen.findByRole('region', { name: 'What would you like to do?' });
  expect(within(tiles).queryByText('Coming soon')).not.toBeInTheDocument();
  for (const [label, to] of [
    ['Book a class', '/classes'],
    ['Family', '/family'],
    ['My Moves', '/moves'],
    ['Memberships', '/memberships'],
    ['Merch & Snacks', '/merch'],
    ['Profile', '/profile'],
    ['Staff Chat', '/staff-chat'],
  ]) {
    expect(within(tiles).getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute('href', to);
  }
});

/** Add to calendar: each confirmed booking under "Upcoming classes" downloads its .ics; held spots do not. */
it('offers confirmed bookings to add to the calendar, and downloads the booking’s .ics with the session token', async () => {
  const c = makeClass({ name: 'Silks Intro', date: '2030-03-04' });
  const booking = (id: string, status: string, paymentStatus = 'free') => ({
    __typename: 'Booking',
    id,
    status,
    paymentStatus,
    attendee: { __typename: 'User', id: 'u-1', firstName: 'Sam' },
    classInstance: c,
  });
  // jsdom has no fetch: a stand-in answering the .ics as the API does, remembering what it was asked.
  const fetched: { url: string; headers: unknown }[] = [];
  const realFetch = global.fetch;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    fetched.push({ url: String(input), headers: init?.headers });
    const headers: Record<string, string> = { 'content-disposition': 'attachment; filename=silks-intro-2030-03-04.ics' };
    return { ok: true, headers: { get: (name: string) => headers[name] ?? null }, blob: async () => new Blob(['BEGIN:VCALENDAR']) };
  }) as unknown as typeof fetch;
  URL.createObjectURL = jest.fn(() => 'blob:ics');
  URL.revokeObjectURL = jest.fn();
  const clicked: string[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
  localStorage.setItem('token', 'tok-1');
  try {
    renderApp(<DashboardPage />, {
      session: fakeSession({ user: makeUser({ id: 'u-1' }) }),
      handlers: {
        ...handlers,
        DashboardClasses: { data: { myBookings: [booking('b-1', 'confirmed'), booking('b-2', 'held', 'unpaid')], myWaitlist: [] } },
      },
    });
    const add = await screen.findAllByRole('button', { name: /^Add to calendar: your Silks Intro on Mon, Mar 4$/ });
    expect(add).toHaveLength(1);
    fireEvent.click(add[0]);
    await waitFor(() => expect(clicked).toEqual(['silks-intro-2030-03-04.ics']));
    expect(fetched).toEqual([{ url: '/api/bookings/b-1.ics', headers: { authorization: 'Bearer tok-1' } }]);
  } finally {
    global.fetch = realFetch;
    click.mockRestore();
    localStorage.removeItem('token');
  }
});

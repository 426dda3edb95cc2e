import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, makeUser, renderApp, type Handler } from '../../../../test/utils';
import { withFiltersFrom } from '../../../components/dataTableState';
import { USERS_TABLE } from '../users/UserManagementPage.preload';
import AdminDashboardPage from './AdminDashboardPage';
import type { AdminDashboardQuery } from './dashboard.generated';

jest.setTimeout(30_000);

const totals = (booked: number, capacity: number, extra = {}) => ({
  __typename: 'BookingTotals',
  classes: 4,
  capacity,
  booked,
  attended: booked - 1,
  noShows: 1,
  lateCancellations: 2,
  fillRate: booked / capacity,
  ...extra,
});
const group = (label: string, booked: number, previousBooked: number, hour: number | null = null) => ({
  __typename: 'BookingGroup',
  label,
  hour,
  classes: 1,
  booked,
  fillRate: booked / 10,
  previousBooked,
  previousFillRate: previousBooked / 10,
});

function figures(period: string, from = '2026-11-30', to = '2026-12-06'): AdminDashboardQuery['dashboard'] {
  return {
    __typename: 'Dashboard',
    period,
    from,
    to,
    previousFrom: '2026-11-23',
    previousTo: '2026-11-29',
    timeZone: 'America/Los_Angeles',
    bookings: {
      __typename: 'DashboardBookings',
      current: totals(30, 40),
      previous: totals(24, 40),
      byClassType: [group('Lyra Level 1', 18, 12), group('Silks Intro', 12, 12)],
      byHour: [group('17:00', 20, 14, 17), group('18:00', 10, 10, 18)],
    },
    revenue: {
      __typename: 'DashboardRevenue',
      totalCents: 123_456,
      previousTotalCents: 100_000,
      byCategory: [
        { __typename: 'RevenueShare', category: 'memberships', cents: 100_000, previousCents: 90_000 },
        { __typename: 'RevenueShare', category: 'merch', cents: 23_456, previousCents: 10_000 },
        { __typename: 'RevenueShare', category: 'snacks', cents: 0, previousCents: 0 },
      ],
    },
    members: {
      __typename: 'DashboardMembers',
      members: 87,
      newMembers: 3,
      previousNewMembers: 1,
      visitors: 41,
      previousVisitors: 38,
      trialNotBack: 4,
    },
    atRisk: {
      __typename: 'DashboardAtRisk',
      noRecentVisit: 6,
      lowPacks: 2,
      pastDueMemberships: 1,
      unpaidInvoices: 3,
      unpaidCents: 41_800,
      overdueInvoices: 1,
      waiversMissing: 5,
    },
    levels: { __typename: 'DashboardLevels', levelsReached: 7, previousLevelsReached: 5, medianDaysToNext: 24.5, stuck: 2 },
  } as unknown as AdminDashboardQuery['dashboard'];
}

const answer: Handler = (op) => ({
  data: {
    dashboard: figures(op.variables.period as string, (op.variables.from as string) ?? undefined, (op.variables.to as string) ?? undefined),
  },
});
const admin = () => fakeSession({ user: makeUser({ role: 'admin', id: 'u-admin' }) });

it('shows the figures against the period before, each linking to its table filtered', async () => {
  const { calls } = renderApp(<AdminDashboardPage />, {
    session: admin(),
    route: '/admin/dashboard',
    handlers: { AdminDashboard: answer },
  });
  const key = await screen.findByRole('region', { name: 'Key figures' });
  expect(calls.find((c) => c.operationName === 'AdminDashboard')?.variables).toEqual({ period: 'this_week' });
  expect(screen.getByText(/Nov 30 – Dec 6, compared with last week \(Nov 23 – Nov 29\)/)).toBeInTheDocument();
  const bookings = within(key).getByRole('link', { name: /^Bookings/ });
  expect(bookings).toHaveTextContent('30');
  expect(bookings).toHaveTextContent('+25%');
  expect(bookings).toHaveAttribute('href', '/admin/attendance?from=2026-11-30&to=2026-12-06');
  expect(within(key).getByRole('link', { name: /^Fill rate/ })).toHaveTextContent('75%+15 pts');
  expect(within(key).getByRole('link', { name: /^Revenue/ })).toHaveTextContent('$1,234.56+23%');
  expect(within(key).getByRole('link', { name: /^Members/ })).toHaveAttribute('href', '/admin/memberships?status=active');

  const attention = screen.getByRole('region', { name: 'Needs attention' });
  const link = (name: RegExp) => within(attention).getByRole('link', { name });
  expect(link(/Members with no visit in 21 days/)).toHaveAttribute('href', '/admin/users?membership=active&notVisitedForDays=21');
  expect(link(/Unpaid invoices \(\$418\.00, 1 overdue\)/)).toHaveAttribute('href', '/admin/invoices?status=open');
  expect(link(/Past-due memberships/)).toHaveAttribute('href', '/admin/memberships?status=past_due');
  expect(link(/People without the current waiver/)).toHaveAttribute('href', '/admin/waivers?standing=MISSING');
  expect(screen.getByRole('figure', { name: 'Revenue by category: Memberships $1,000.00, Merch $234.56' })).toBeInTheDocument();
  expect(screen.getByRole('figure', { name: 'Bookings by class type: Lyra Level 1 18, Silks Intro 12' })).toBeInTheDocument();
  expect(screen.getByText('median 25 days to the next')).toBeInTheDocument();
});

it('asks for another period, and a custom range with its dates', async () => {
  const { calls } = renderApp(<AdminDashboardPage />, {
    session: admin(),
    route: '/admin/dashboard',
    handlers: { AdminDashboard: answer },
  });
  await screen.findByRole('region', { name: 'Key figures' });
  fireEvent.click(screen.getByRole('button', { name: 'This quarter' }));
  await waitFor(() => expect(calls.at(-1)?.variables).toEqual({ period: 'this_quarter' }));
  expect(await screen.findByText(/compared with last quarter/)).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
  fireEvent.change(await screen.findByLabelText('From'), { target: { value: '2026-10-01' } });
  fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-10-31' } });
  fireEvent.click(screen.getByRole('button', { name: 'Show' }));
  await waitFor(() => expect(calls.at(-1)?.variables).toEqual({ period: 'custom', from: '2026-10-01', to: '2026-10-31' }));
});

it('opens a table with the filters its link carries', () => {
  const init = withFiltersFrom(USERS_TABLE, new URLSearchParams('membership=active&notVisitedForDays=21&search=okaf&unknown=1'));
  expect(init.filters).toEqual({ ...USERS_TABLE.filters, membership: 'active', notVisitedForDays: 21, search: 'okaf' });
  expect(withFiltersFrom(USERS_TABLE, new URLSearchParams('isActive=false')).filters.isActive).toBe(false);
  expect(withFiltersFrom(USERS_TABLE, new URLSearchParams(''))).toBe(USERS_TABLE);
});

import { screen, within } from '@testing-library/react';
import { fakeSession, makeUser, renderApp } from '../../../test/utils';
import DashboardPage from './DashboardPage';

const handlers = {
  DashboardClasses: { data: { myBookings: [], myWaitlist: [] } },
  MyCheckIn: { data: { myCheckIn: { __typename: 'MyCheckIn', code: 'code-1', hasPin: false } } },
};

/** Issue 9: tiles of pages not built yet say so in place; the built ones link. */
it('marks the quick links of pages not built yet "Coming soon" instead of linking to them', async () => {
  renderApp(<DashboardPage />, { session: fakeSession({ user: makeUser({ role: 'parent' }) }), handlers });
  const tiles = await screen.findByRole('region', { name: 'What would you like to do?' });
  for (const label of ['Memberships', 'My Moves', 'Staff Chat']) {
    const tile = within(tiles).getByRole('group', { name: `${label}, coming soon` });
    expect(within(tile).getByText('Coming soon')).toBeInTheDocument();
    expect(within(tiles).queryByRole('link', { name: new RegExp(`^${label}`) })).not.toBeInTheDocument();
  }
  for (const [label, to] of [
    ['Book a class', '/classes'],
    ['Family', '/family'],
    ['Merch & Snacks', '/merch'],
    ['Profile', '/profile'],
  ]) {
    expect(within(tiles).getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute('href', to);
  }
});

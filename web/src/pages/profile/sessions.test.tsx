import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, gqlError, makeUser, renderApp } from '../../../test/utils';
import { lastUsedLabel, SessionsSection } from './SessionsSection';

const NOW = Date.now();
const ago = (minutes: number) => new Date(NOW - minutes * 60_000).toISOString();
const session = (id: string, device: string, lastUsedMinutesAgo: number, thisDevice = false) => ({
  __typename: 'Session',
  id,
  device,
  createdAt: ago(60 * 24 * 3),
  lastUsedAt: ago(lastUsedMinutesAgo),
  thisDevice,
});
const sessions = {
  data: {
    mySessions: [
      session('11111111-1111-4111-8111-111111111111', 'Chrome on Linux', 0, true),
      session('22222222-2222-4222-8222-222222222222', 'Chrome on Android', 90),
      session('33333333-3333-4333-8333-333333333333', 'Safari on macOS', 60 * 30),
    ],
  },
};

function renderSection(handlers = {}, session = fakeSession({ user: makeUser() })) {
  return { session, ...renderApp(<SessionsSection />, { session, handlers: { MySessions: sessions, ...handlers } }) };
}

describe('the devices on /profile', () => {
  it('lists each signed-in device with when it was last used, this one marked and not endable', async () => {
    renderSection();
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((r) => r.querySelector('p')?.textContent)).toEqual([
      'Chrome on LinuxThis device',
      'Chrome on Android',
      'Safari on macOS',
    ]);
    expect(rows[0]).toHaveTextContent('Active now');
    expect(within(rows[0]).queryByRole('button')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent(/Last used \w{3} \d+, \d+:\d\d [AP]M/);
    expect(within(rows[1]).getByRole('button', { name: 'End session on Chrome on Android' })).toBeEnabled();
  });

  it('ends one session and drops it from the list, without a refetch', async () => {
    const { calls } = renderSection({
      EndSession: { data: { endSession: { __typename: 'Session', id: '22222222-2222-4222-8222-222222222222' } } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'End session on Chrome on Android' }));
    await waitFor(() => expect(screen.queryByText('Chrome on Android')).not.toBeInTheDocument());
    expect(screen.getByText('Safari on macOS')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'EndSession')?.variables).toEqual({ id: '22222222-2222-4222-8222-222222222222' });
    expect(calls.filter((c) => c.operationName === 'MySessions')).toHaveLength(1);
  });

  it("shows the server's message when a session cannot be ended", async () => {
    renderSection({ EndSession: gqlError('NOT_FOUND', 'That session was not found.') });
    fireEvent.click(await screen.findByRole('button', { name: 'End session on Safari on macOS' }));
    expect(await screen.findByText('That session was not found.')).toBeInTheDocument();
    expect(screen.getByText('Safari on macOS')).toBeInTheDocument();
  });

  it('"Sign out everywhere" signs out through the session, every device included', async () => {
    const { session } = renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    await waitFor(() => expect(session.logout).toHaveBeenCalledWith({ everywhere: true }));
  });

  it('says "Active now" for the last two minutes, then the time', () => {
    expect(lastUsedLabel(ago(1), NOW)).toBe('Active now');
    expect(lastUsedLabel(ago(3), NOW)).toMatch(/^Last used /);
  });
});

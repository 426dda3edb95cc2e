import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ObservableQuery } from '@apollo/client';
import { Suspense, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { fakeSession, makeUser, renderApp, type RecordedOperation } from '../../../test/utils';
import NotificationsPage from './NotificationsPage';

const item = (i: number, extra: Record<string, unknown> = {}) => ({
  __typename: 'Notification',
  id: `n-${i}`,
  type: 'other',
  audience: 'personal',
  title: `Notice ${i}`,
  message: `Message ${i}`,
  isRead: false,
  createdAt: new Date(Date.now() - i * 60_000).toISOString(),
  link: null,
  ...extra,
});

function renderPage(route = '/notifications', role: 'student' | 'admin' = 'student', beside: ReactNode = null) {
  return renderApp(
    <>
      <NotificationsPage />
      {beside}
    </>,
    {
      route,
      session: fakeSession({ user: makeUser({ role }) }),
      handlers: {
        NotificationCounts: {
          data: {
            notificationCounts: { __typename: 'NotificationCounts', feed: role === 'admin' ? 'admin' : 'user', unreadCount: 3, total: 45 },
          },
        },
        NotificationList: (op: RecordedOperation) => {
          const { page, type, unreadOnly } = op.variables as { page: number; type: string | null; unreadOnly: boolean };
          if (type === 'check_in_available')
            return { data: { notifications: { __typename: 'NotificationPage', items: [], total: 0, page, pageSize: 20 } } };
          const items = unreadOnly
            ? [item(1)]
            : [
                item(1, { title: 'Booking confirmed', link: '/classes?class=c-1&date=2030-01-02' }),
                item(2, { type: 'payment_success', title: 'Payment received', link: '/payment-success?session_id=cs_1', isRead: true }),
              ];
          return { data: { notifications: { __typename: 'NotificationPage', items, total: unreadOnly ? 1 : 45, page, pageSize: 20 } } };
        },
      },
    },
  );
}

describe('/notifications', () => {
  it('lists the feed with links to the class and the order, and pages through it', async () => {
    const { calls } = renderPage();
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByTestId('notification')).toHaveLength(2);
    expect(within(list).getByRole('link', { name: 'View class: Booking confirmed' })).toHaveAttribute(
      'href',
      '/classes?class=c-1&date=2030-01-02',
    );
    expect(within(list).getByRole('link', { name: 'View order: Payment received' })).toHaveAttribute(
      'href',
      '/payment-success?session_id=cs_1',
    );
    expect(screen.getByText('45 notifications')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.operationName === 'NotificationList').at(-1)?.variables).toEqual({
        feed: 'user',
        page: 3,
        pageSize: 20,
        type: null,
        unreadOnly: false,
      }),
    );
  });

  it('asks for the next page once, even when the page renders the current one again before the move commits', async () => {
    // The router moves the address in a transition: until it commits, an urgent render (here the list's own answer
    // arriving) still reads page 1. Something on the page holds the move back meanwhile, as a busy page does.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = true;
    let tries = 0;
    const letGo = () => {
      holding = false;
      release();
    };
    function HoldPageThree() {
      const [params] = useSearchParams();
      if (holding && params.get('page') === '3') {
        // Held for good, the flipping would never end (and no request shows it: page 1 is cached): after a while the
        // move goes through.
        tries += 1;
        if (tries > 20) letGo();
        else throw held;
      }
      return null;
    }
    const { calls } = renderPage(
      '/notifications',
      'student',
      <Suspense fallback={null}>
        <HoldPageThree />
      </Suspense>,
    );
    const pages = () => calls.filter((c) => c.operationName === 'NotificationList').map((c) => c.variables.page);
    await screen.findByRole('list', { name: 'Notifications' });
    // Which page the list's query is re-pointed to, each time (Apollo does it while rendering).
    const pointedAt: unknown[] = [];
    const reobserve = ObservableQuery.prototype.reobserve;
    const spy = jest.spyOn(ObservableQuery.prototype, 'reobserve').mockImplementation(function (this: ObservableQuery, ...args) {
      const variables = args[0]?.variables as { page?: number; unreadOnly?: boolean } | undefined;
      if (variables && 'unreadOnly' in variables) pointedAt.push(variables.page);
      return reobserve.apply(this, args);
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go to page 3' })));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    await act(async () => letGo());
    await waitFor(() => expect(screen.getByRole('button', { name: 'page 3' })).toHaveAttribute('aria-current', 'page'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    spy.mockRestore();
    expect(pointedAt).toEqual([3]);
    expect(pages()).toEqual([1, 3]);
  });

  it('filters by unread and by type (kept in the address); an empty filter offers to show all', async () => {
    const { calls } = renderPage('/notifications?unread=1');
    await waitFor(() => expect(calls.find((c) => c.operationName === 'NotificationList')?.variables).toMatchObject({ unreadOnly: true }));
    expect(await screen.findByRole('button', { name: 'Unread (3)' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Check-in' }));
    expect(await screen.findByText('No notifications match')).toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === 'NotificationList').at(-1)?.variables).toMatchObject({
      type: 'check_in_available',
      unreadOnly: true,
      page: 1,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.operationName === 'NotificationList').at(-1)?.variables).toMatchObject({
        type: null,
        unreadOnly: false,
      }),
    );
  });

  it('an admin reads the admin feed', async () => {
    const { calls } = renderPage('/notifications', 'admin');
    await screen.findByRole('list', { name: 'Notifications' });
    expect(calls.find((c) => c.operationName === 'NotificationList')?.variables).toMatchObject({ feed: 'admin' });
  });
});

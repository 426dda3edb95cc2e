import { ApolloLink } from '@apollo/client';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Observable, type Subscriber } from 'rxjs';
import { createCache, createStudioApollo } from '../../app/apollo';
import { formatTimeAgo } from '../../app/dates';
import type { NotificationFeed, NotificationType } from '../../graphql/types';
import { fakeSession, gqlError, makeUser, renderApp, scriptedLink, type Answer, type Handler } from '../../../test/utils';
import { NotificationsPopover } from '../NotificationsPopover';
import { applyNotificationChange, type NotificationChange } from './notificationCache';
import { NotificationCountsDocument } from './notificationCounts.generated';
import { NotificationListDocument, type NotificationItemFragment } from './notifications.generated';
import { NOTIFICATION_MESSAGES } from './useNotificationActions';

function note(i: number, extra: Partial<NotificationItemFragment> = {}): NotificationItemFragment & { __typename: 'Notification' } {
  return {
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
  };
}

const counts = (unreadCount: number, total: number, feed: NotificationFeed = 'user') => ({
  __typename: 'NotificationCounts' as const,
  feed,
  unreadCount,
  total,
});
const page = (items: NotificationItemFragment[], total = items.length, pageSize = 5) => ({
  __typename: 'NotificationPage' as const,
  items,
  total,
  page: 1,
  pageSize,
});
const change = (kind: NotificationChange['kind'], c: ReturnType<typeof counts>, notification: NotificationItemFragment | null = null) => ({
  __typename: 'NotificationChange' as const,
  kind,
  notification,
  counts: c,
});

function openPopover(handlers: Record<string, Handler | Answer>, user = makeUser()) {
  const rendered = renderApp(<NotificationsPopover />, { session: fakeSession({ user }), handlers });
  return rendered;
}

describe('the notifications button and popover', () => {
  it("caps the badge at '99+' and shows the count up to 99", async () => {
    openPopover({ NotificationCounts: { data: { notificationCounts: counts(120, 130) } } });
    const button = await screen.findByRole('button', { name: 'Notifications, 99+ unread' });
    expect(within(button).getByTestId('notifications-badge')).toHaveTextContent('99+');
  });

  it('shows 99 as 99, and no badge at 0', async () => {
    const first = openPopover({ NotificationCounts: { data: { notificationCounts: counts(99, 99) } } });
    expect(await screen.findByRole('button', { name: 'Notifications, 99 unread' })).toHaveTextContent('99');
    first.unmount();
    openPopover({ NotificationCounts: { data: { notificationCounts: counts(0, 3) } } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument());
    expect(screen.queryByTestId('notifications-badge')).toBeNull();
  });

  it("lists the first 5 with a '(n more)' hint and a link to /notifications; the admin uses the admin feed", async () => {
    const { calls } = openPopover(
      {
        NotificationCounts: { data: { notificationCounts: counts(12, 12, 'admin') } },
        NotificationList: {
          data: {
            notifications: page(
              [1, 2, 3, 4, 5].map((i) => note(i)),
              12,
            ),
          },
        },
      },
      makeUser({ role: 'admin' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 12 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(within(dialog).getAllByTestId('notification')).toHaveLength(5));
    expect(within(dialog).getByTestId('notifications-more')).toHaveTextContent('(7 more)');
    expect(within(dialog).getByRole('link', { name: 'View all notifications' })).toHaveAttribute('href', '/notifications');
    expect(calls.find((c) => c.operationName === 'NotificationList')?.variables).toEqual({
      feed: 'admin',
      page: 1,
      pageSize: 5,
      type: null,
      unreadOnly: false,
    });
    expect(calls.find((c) => c.operationName === 'NotificationCounts')?.variables).toEqual({ feed: 'admin' });
  });

  it('has no hint when everything fits', async () => {
    openPopover({
      NotificationCounts: { data: { notificationCounts: counts(2, 2) } },
      NotificationList: { data: { notifications: page([note(1), note(2)]) } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(within(dialog).getAllByTestId('notification')).toHaveLength(2));
    expect(within(dialog).queryByTestId('notifications-more')).toBeNull();
  });

  it('marks one read (the badge follows); a failure says so', async () => {
    let fail = false;
    openPopover({
      NotificationCounts: { data: { notificationCounts: counts(2, 2) } },
      NotificationList: { data: { notifications: page([note(1), note(2)]) } },
      MarkNotificationRead: (op) =>
        fail
          ? gqlError('NOT_FOUND', 'That notification was not found.')
          : { data: { markNotificationRead: change('read', counts(1, 2), note(1, { id: String(op.variables.id), isRead: true })) } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Mark as read: Notice 1' }));
    // The button is behind the open popover (hidden from the accessibility tree meanwhile).
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread', hidden: true })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Mark as read: Notice 1' })).toBeNull();
    fail = true;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark as read: Notice 2' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(NOTIFICATION_MESSAGES.markReadFailed);
    expect(NOTIFICATION_MESSAGES.markReadFailed).toBe('Failed to mark notification as read');
  });

  it("marks all read: 'All notifications marked as read', or 'Failed to mark all notifications as read'", async () => {
    let fail = true;
    openPopover({
      NotificationCounts: { data: { notificationCounts: counts(2, 2) } },
      NotificationList: { data: { notifications: page([note(1), note(2)]) } },
      MarkAllNotificationsRead: () =>
        fail
          ? gqlError('INTERNAL_SERVER_ERROR', 'Something went wrong')
          : { data: { markAllNotificationsRead: change('all_read', counts(0, 2)) } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Mark all read' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Failed to mark all notifications as read');
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('All notifications marked as read'));
    expect(await screen.findByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();
    // Every row shown is read now.
    expect(within(dialog).queryAllByRole('button', { name: /^Mark as read/ })).toHaveLength(0);
    expect(within(dialog).getByRole('button', { name: 'Mark all read' })).toBeDisabled();
  });

  it("clears all: 'All notifications cleared', or 'Failed to clear notifications'", async () => {
    let fail = true;
    openPopover({
      NotificationCounts: { data: { notificationCounts: counts(1, 6) } },
      NotificationList: {
        data: {
          notifications: page(
            [1, 2, 3, 4, 5].map((i) => note(i, { isRead: i > 1 })),
            6,
          ),
        },
      },
      ClearNotifications: () =>
        fail
          ? gqlError('INTERNAL_SERVER_ERROR', 'Something went wrong')
          : { data: { clearNotifications: change('cleared', counts(0, 0)) } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Clear all' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Failed to clear notifications');
    expect(within(dialog).getAllByTestId('notification')).toHaveLength(5);
    fail = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(screen.getByTestId('toast')).toHaveTextContent('All notifications cleared'));
    expect(await within(dialog).findByText("You're all caught up")).toBeInTheDocument();
    expect(within(dialog).queryByTestId('notifications-more')).toBeNull();
  });

  it('following a notification’s link marks it read and closes the popover', async () => {
    const { calls } = openPopover({
      NotificationCounts: { data: { notificationCounts: counts(1, 1) } },
      NotificationList: {
        data: { notifications: page([note(1, { title: 'Booking confirmed', link: '/classes?class=c-1&date=2030-01-02' })]) },
      },
      MarkNotificationRead: { data: { markNotificationRead: change('read', counts(0, 1), note(1, { isRead: true })) } },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    fireEvent.click(await within(dialog).findByRole('link', { name: 'Booking confirmed' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/classes'));
    expect(calls.filter((c) => c.operationName === 'MarkNotificationRead').map((c) => c.variables)).toEqual([{ feed: 'user', id: 'n-1' }]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notifications' })).toBeNull());
  });
});

describe('live: the subscription keeps badge and popover current without polling', () => {
  it('a new notification shows in the badge and the open popover; a clear elsewhere empties them', async () => {
    const scripted = scriptedLink({
      NotificationCounts: { data: { notificationCounts: counts(0, 0) } },
      NotificationList: { data: { notifications: page([]) } },
    });
    let live: Subscriber<ApolloLink.Result> | null = null;
    const link = ApolloLink.split(
      (op) => op.operationName === 'NotificationChanged',
      new ApolloLink(() => new Observable((observer) => void (live = observer))),
      scripted.link,
    );
    const apollo = createStudioApollo({ link });
    renderApp(<NotificationsPopover />, { session: fakeSession({ user: makeUser() }), apollo });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(await within(dialog).findByText("You're all caught up")).toBeInTheDocument();
    await waitFor(() => expect(live).not.toBeNull());
    const push = (c: ReturnType<typeof change>) => act(() => live!.next({ data: { notificationChanged: c } }));

    await push(change('resync', counts(0, 0)));
    await push(change('added', counts(1, 1), note(1, { title: 'Spot held in your cart', type: 'checkout' })));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread', hidden: true })).toBeInTheDocument();
    expect(await within(dialog).findByText('Spot held in your cart')).toBeInTheDocument();

    await push(change('cleared', counts(0, 0)));
    expect(await within(dialog).findByText("You're all caught up")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications', hidden: true })).toBeInTheDocument();
    expect(scripted.calls.filter((c) => c.operationName === 'NotificationList')).toHaveLength(1);
  });
});

describe('applyNotificationChange (the cache)', () => {
  function seeded() {
    const cache = createCache();
    cache.writeQuery({ query: NotificationCountsDocument, variables: { feed: 'user' }, data: { notificationCounts: counts(2, 7) } });
    const write = (
      variables: { page: number; pageSize: number; type: NotificationType | null; unreadOnly: boolean },
      items: NotificationItemFragment[],
      total: number,
    ) =>
      cache.writeQuery({
        query: NotificationListDocument,
        variables: { feed: 'user', ...variables },
        data: { notifications: { ...page(items, total, variables.pageSize), page: variables.page } },
      });
    const read = (variables: { page: number; pageSize: number; type: NotificationType | null; unreadOnly: boolean }) =>
      cache.readQuery({ query: NotificationListDocument, variables: { feed: 'user', ...variables } })?.notifications ?? null;
    const first = { page: 1, pageSize: 5, type: null, unreadOnly: false };
    const second = { page: 2, pageSize: 5, type: null, unreadOnly: false };
    const unread = { page: 1, pageSize: 20, type: null, unreadOnly: true };
    const reminders = { page: 1, pageSize: 20, type: 'class_reminder' as const, unreadOnly: false };
    write(
      first,
      [1, 2, 3, 4, 5].map((i) => note(i, { isRead: i > 2 })),
      7,
    );
    write(
      second,
      [6, 7].map((i) => note(i, { isRead: true })),
      7,
    );
    write(unread, [note(1), note(2)], 2);
    write(reminders, [], 0);
    return { cache, read, first, second, unread, reminders };
  }
  const titles = (list: { items: { title: string }[] } | null) => list?.items.map((n) => n.title) ?? null;

  it('added: on top of first pages it fits (cut to their size), later pages dropped, other types untouched', () => {
    const { cache, read, first, second, unread, reminders } = seeded();
    applyNotificationChange(cache, change('added', counts(3, 8), note(0, { title: 'New' })));
    expect(titles(read(first))).toEqual(['New', 'Notice 1', 'Notice 2', 'Notice 3', 'Notice 4']);
    expect(read(first)?.total).toBe(8);
    expect(read(second)).toBeNull();
    expect(titles(read(unread))).toEqual(['New', 'Notice 1', 'Notice 2']);
    expect(read(reminders)?.items).toEqual([]);
    expect(cache.readQuery({ query: NotificationCountsDocument, variables: { feed: 'user' } })?.notificationCounts).toMatchObject({
      unreadCount: 3,
      total: 8,
    });
  });

  it('read and all_read: rows turn read, unread-only pages lose them', () => {
    const { cache, read, first, unread } = seeded();
    applyNotificationChange(cache, change('read', counts(1, 7), note(1, { isRead: true })));
    expect(titles(read(unread))).toEqual(['Notice 2']);
    expect(read(first)?.items[0].isRead).toBe(true);
    applyNotificationChange(cache, change('all_read', counts(0, 7)));
    expect(read(unread)).toMatchObject({ items: [], total: 0 });
    expect(read(first)?.items.map((n) => n.isRead)).toEqual([true, true, true, true, true]);
  });

  it('cleared empties every page; resync drops pages only when the counts moved', () => {
    const { cache, read, first, unread } = seeded();
    applyNotificationChange(cache, change('resync', counts(2, 7)));
    expect(read(first)?.items).toHaveLength(5);
    applyNotificationChange(cache, change('resync', counts(3, 8)));
    expect(read(first)).toBeNull();
    expect(read(unread)).toBeNull();
    const again = seeded();
    applyNotificationChange(again.cache, change('cleared', counts(0, 0)));
    expect(again.read(again.first)).toMatchObject({ items: [], total: 0 });
  });

  it('leaves the other feed alone', () => {
    const { cache, read, first } = seeded();
    applyNotificationChange(cache, change('cleared', counts(0, 0, 'admin')));
    expect(read(first)?.items).toHaveLength(5);
  });
});

describe('formatTimeAgo', () => {
  const now = new Date('2030-03-05T20:00:00Z').getTime();
  it('says how long ago, then the day', () => {
    expect(formatTimeAgo(new Date(now - 20_000).toISOString(), now)).toBe('Just now');
    expect(formatTimeAgo(new Date(now - 5 * 60_000).toISOString(), now)).toBe('5 min ago');
    expect(formatTimeAgo(new Date(now - 3 * 3600_000).toISOString(), now)).toBe('3 h ago');
    expect(formatTimeAgo(new Date(now - 40 * 3600_000).toISOString(), now)).toMatch(/^(Yesterday|Mar 3|Mar 4), /);
    expect(formatTimeAgo('2029-12-01T12:00:00Z', now)).toBe('Dec 1, 2029');
    expect(formatTimeAgo('not a time', now)).toBe('');
  });
});

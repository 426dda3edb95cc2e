import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Role } from '../graphql/types';
import { fakeSession, makeUser, renderApp, setViewportWidth } from '../../test/utils';
import { CartPopover } from './CartPopover';
import { NavBar } from './NavBar';
import { accountMenuLinks, badgeLabel, inlineLinks, overflowLinks, primaryLinks, signedOutDrawerLinks, signedOutLinks } from './navItems';
import { NotificationsPopover } from './NotificationsPopover';

const labels = (items: { label: string }[]) => items.map((i) => i.label);

/** The navigation bar, per role. */
const expected: Record<Role, { links: string[]; account: string[] }> = {
  admin: {
    links: ['Dashboard', 'Admin Dashboard', 'Calendar', 'Profile', 'My Moves', 'Waiver Status'],
    account: [
      'Admin Dashboard',
      'User Management',
      'Class Management',
      'Student Management',
      'Staff Chat',
      'Merch & Snacks',
      'Memberships',
    ],
  },
  instructor: {
    links: ['Dashboard', 'Calendar', 'Profile', 'My Moves', 'Waiver Status'],
    account: ['My Classes', 'Staff Chat', 'Merch & Snacks', 'Memberships'],
  },
  teacher: {
    links: ['Dashboard', 'Calendar', 'Profile', 'My Moves', 'Waiver Status'],
    account: ['My Classes', 'Staff Chat', 'Merch & Snacks', 'Memberships'],
  },
  parent: {
    links: ['Dashboard', 'Calendar', 'Profile', 'My Moves', 'Family', 'Waiver Status'],
    account: ['Family Management', 'Staff Chat', 'Merch & Snacks', 'Memberships'],
  },
  student: {
    links: ['Dashboard', 'Calendar', 'Profile', 'My Moves', 'Waiver Status'],
    account: ['Staff Chat', 'Merch & Snacks', 'Memberships'],
  },
};
const roles = Object.keys(expected) as Role[];

describe('navigation items (pure)', () => {
  it.each(roles)('%s: links, the first four inline, the rest under More, and the account menu', (role) => {
    expect(labels(primaryLinks(role))).toEqual(expected[role].links);
    expect(labels(inlineLinks(role))).toEqual(expected[role].links.slice(0, 4));
    expect(labels(overflowLinks(role))).toEqual(expected[role].links.slice(4));
    expect(labels(accountMenuLinks(role))).toEqual(expected[role].account);
  });

  it('links go where their labels say', () => {
    const to = Object.fromEntries(primaryLinks('admin').map((l) => [l.label, l.to]));
    expect(to).toEqual({
      Dashboard: '/dashboard',
      'Admin Dashboard': '/admin/dashboard',
      Calendar: '/calendar',
      Profile: '/profile',
      'My Moves': '/moves',
      'Waiver Status': '/waiver',
    });
    expect(primaryLinks('parent').find((l) => l.label === 'Family')?.to).toBe('/family');
    expect(Object.fromEntries(accountMenuLinks('admin').map((l) => [l.label, l.to]))).toMatchObject({
      'User Management': '/admin/users',
      'Class Management': '/admin/classes',
      'Student Management': '/admin/students',
      'Staff Chat': '/staff-chat',
      'Merch & Snacks': '/merch',
      Memberships: '/memberships',
    });
    expect(accountMenuLinks('teacher').find((l) => l.label === 'My Classes')?.to).toBe('/class-instances');
  });

  it('signed out: Sign in and Register, plus Home and Check-In in the drawer', () => {
    expect(labels(signedOutLinks)).toEqual(['Sign in', 'Register']);
    expect(labels(signedOutDrawerLinks)).toEqual(['Home', 'Check-In', 'Sign in', 'Register']);
  });

  it("badge text: nothing at zero, the count up to 99, '99+' above 99", () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
    expect(badgeLabel(12345)).toBe('99+');
  });
});

describe('NavBar on desktop', () => {
  it.each(roles)('%s sees the first four links inline, the rest under More, and the account menu', async (role) => {
    setViewportWidth(1280);
    renderApp(<NavBar />, { session: fakeSession({ user: makeUser({ role }) }) });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const inline = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(inline).toEqual(expected[role].links.slice(0, 4));

    const more = expected[role].links.slice(4);
    fireEvent.click(within(nav).getByRole('button', { name: 'More' }));
    const moreMenu = await screen.findByRole('menu');
    expect(
      within(moreMenu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual(more);
    fireEvent.keyDown(moreMenu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: /Account menu for/ }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((m) => m.textContent),
    ).toEqual([...expected[role].account, 'Sign out']);
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
  });

  it('signed out shows Sign in and Register, and the cart and notifications buttons', () => {
    renderApp(<NavBar />, { session: fakeSession() });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('button', { name: 'Cart' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('Sign out in the account menu logs out', async () => {
    const session = fakeSession({ user: makeUser({ role: 'student' }) });
    renderApp(<NavBar />, { session });
    fireEvent.click(await screen.findByRole('button', { name: /Account menu for/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    expect(session.logout).toHaveBeenCalled();
  });
});

describe('NavBar on a phone (drawer)', () => {
  it.each(roles)('%s sees every link and the account items in the drawer', async (role) => {
    setViewportWidth(375);
    renderApp(<NavBar />, { session: fakeSession({ user: makeUser({ role }) }) });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('navigation', { name: 'Main menu' });
    const items = within(drawer)
      .getAllByRole('link')
      .map((a) => a.textContent)
      .filter((t) => t !== 'Aerial Studio');
    expect(items).toEqual([...expected[role].links, ...expected[role].account]);
    expect(within(drawer).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('signed out: Home, Check-In, Sign in and Register', async () => {
    setViewportWidth(375);
    renderApp(<NavBar />, { session: fakeSession() });
    expect(screen.queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('navigation', { name: 'Main menu' });
    const items = within(drawer)
      .getAllByRole('link')
      .map((a) => a.textContent)
      .filter((t) => t !== 'Aerial Studio');
    expect(items).toEqual(['Home', 'Check-In', 'Sign in', 'Register']);
  });
});

describe('cart and notifications popovers', () => {
  it("show '99+' above 99 (the cart counts its held items) and their empty states", async () => {
    let totalItems = 120;
    renderApp(
      <>
        <CartPopover signedIn />
        <NotificationsPopover />
      </>,
      {
        session: fakeSession({ user: makeUser() }),
        handlers: {
          Cart: () => ({ data: { cart: { __typename: 'ClassCart', totalItems, totalPriceCents: 0, items: [] } } }),
          NotificationCounts: {
            data: { notificationCounts: { __typename: 'NotificationCounts', feed: 'user', unreadCount: 7, total: 9 } },
          },
        },
      },
    );
    const cart = await screen.findByRole('button', { name: 'Cart, 99+ items' });
    expect(cart).toHaveTextContent('99+');
    expect(await screen.findByRole('button', { name: 'Notifications, 7 unread' })).toHaveTextContent('7');
    totalItems = 0;
    // The cart refetches on window focus.
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cart' })).toBeInTheDocument());
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cart' })));
    expect(await screen.findByRole('dialog', { name: 'Cart' })).toHaveTextContent('Your cart is empty');
  });

  it('the notifications popover links to /notifications when signed in', async () => {
    renderApp(<NotificationsPopover />, {
      session: fakeSession({ user: makeUser() }),
      handlers: {
        NotificationList: {
          data: { notifications: { __typename: 'NotificationPage', total: 0, page: 1, pageSize: 5, items: [] } },
        },
      },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    expect(dialog).toHaveTextContent("You're all caught up");
    expect(within(dialog).getByRole('link', { name: 'View all notifications' })).toHaveAttribute('href', '/notifications');
  });
});

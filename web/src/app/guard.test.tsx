import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import type { Role } from '../graphql/types';
import { routes, type AppRoute } from '../routes';
import { fakeSession, makeUser, renderApp } from '../../test/utils';
import { AppRoutes, GuardedPage } from './AppRoutes';
import { lazyPage } from './lazyPage';
import type { PreloadArgs } from './routePreload';
import type { SessionStatus, SignOutReason } from './session';
import { TOKEN_KEY } from './storage';

interface Case {
  path: string;
  signedIn: boolean;
  tokenStored: boolean;
  role?: Role;
  waiverSigned?: boolean;
  /** Session state when it is neither plainly signed in nor signed out. */
  status?: SessionStatus;
  reason?: SignOutReason;
  expected: string;
  why: string;
}

const out = { signedIn: false, tokenStored: false };
const signed = (role: Role, waiverSigned = true) => ({ signedIn: true, tokenStored: true, role, waiverSigned });

/** The redirect rules and the route guard: (path, session) → where the app ends up. */
const table: Case[] = [
  // Public paths never redirect when signed out.
  { path: '/', ...out, expected: '/', why: 'public' },
  { path: '/login', ...out, expected: '/login', why: 'public' },
  { path: '/register', ...out, expected: '/register', why: 'public' },
  { path: '/forgot-password', ...out, expected: '/forgot-password', why: 'public' },
  { path: '/reset-password?token=abc', ...out, expected: '/reset-password', why: 'public' },
  { path: '/calendar', ...out, expected: '/calendar', why: 'public, no navigation bar' },
  { path: '/check-in', ...out, expected: '/check-in', why: 'public, no navigation bar' },
  { path: '/video/42', ...out, expected: '/video/42', why: 'no login needed' },
  // /calendar and /check-in skip every check.
  { path: '/calendar', ...signed('student', false), expected: '/calendar', why: 'skips all checks' },
  { path: '/check-in', ...signed('parent', false), expected: '/check-in', why: 'skips all checks' },
  // Any other path without a stored token goes to /login.
  { path: '/dashboard', ...out, expected: '/login', why: 'no stored token' },
  { path: '/waiver', ...out, expected: '/login', why: 'no stored token' },
  { path: '/sign-waivers', ...out, expected: '/login', why: 'no stored token' },
  { path: '/profile', ...out, expected: '/login', why: 'no stored token' },
  { path: '/staff-chat', ...out, expected: '/login', why: 'no stored token' },
  { path: '/admin/users', ...out, expected: '/login', why: 'no stored token' },
  // A stored token whose verification failed (session signed out): /login.
  { path: '/family', signedIn: false, tokenStored: true, expected: '/login', why: 'failed verification' },
  // While the stored token is being verified: stay, showing 'Loading...'.
  { path: '/dashboard', signedIn: false, tokenStored: true, status: 'loading', expected: '/dashboard', why: 'verifying' },
  // Signed in here, but the token was removed (another tab): /login.
  { path: '/dashboard', signedIn: true, tokenStored: false, role: 'student', waiverSigned: true, expected: '/login', why: 'token removed' },
  // Unsigned waiver: /waiver from any other page that needs sign-in.
  { path: '/dashboard', ...signed('student', false), expected: '/waiver', why: 'waiver not signed' },
  { path: '/profile', ...signed('parent', false), expected: '/waiver', why: 'waiver not signed' },
  { path: '/admin/users', ...signed('admin', false), expected: '/waiver', why: 'waiver first, then role' },
  { path: '/waiver', ...signed('student', false), expected: '/waiver', why: 'the waiver page itself' },
  { path: '/sign-waivers', ...signed('parent', false), expected: '/sign-waivers', why: 'the waiver page itself' },
  { path: '/', ...signed('student', false), expected: '/', why: 'public page' },
  { path: '/video/7', ...signed('student', false), expected: '/video/7', why: 'no login needed' },
  // Role mismatch: /dashboard.
  { path: '/admin/users', ...signed('student'), expected: '/dashboard', why: 'admin only' },
  { path: '/admin/dashboard', ...signed('parent'), expected: '/dashboard', why: 'admin only' },
  { path: '/admin/landing-page-customization', ...signed('instructor'), expected: '/dashboard', why: 'admin only' },
  { path: '/admin/pos', ...signed('teacher'), expected: '/dashboard', why: 'admin only' },
  { path: '/staff-chat', ...signed('student'), expected: '/dashboard', why: 'staff and parents only' },
  { path: '/class-instances', ...signed('student'), expected: '/dashboard', why: 'staff and parents only' },
  // Allowed.
  { path: '/admin/users', ...signed('admin'), expected: '/admin/users', why: 'admin' },
  { path: '/admin/landing-page-customization', ...signed('admin'), expected: '/admin/landing-page-customization', why: 'admin' },
  { path: '/staff-chat', ...signed('parent'), expected: '/staff-chat', why: 'parent' },
  { path: '/staff-chat', ...signed('admin'), expected: '/staff-chat', why: 'admin' },
  { path: '/class-instances', ...signed('instructor'), expected: '/class-instances', why: 'instructor' },
  { path: '/class-instances', ...signed('teacher'), expected: '/class-instances', why: 'teacher' },
  { path: '/dashboard', ...signed('student'), expected: '/dashboard', why: 'signed in' },
  { path: '/waiver', ...signed('student'), expected: '/waiver', why: 'waiver status page' },
  { path: '/login', ...signed('student'), expected: '/dashboard', why: 'already signed in: on, as signing in would' },
  // Logout goes to / (not /login) from a page that needs sign-in.
  { path: '/dashboard', ...out, reason: 'logout', expected: '/', why: 'after logout' },
  { path: '/login', ...out, reason: 'logout', expected: '/login', why: 'public, after logout' },
  // Every other signed-in page: open to any role with a signed waiver, /login when signed out.
  ...routes
    .filter((r) => r.access === 'signed-in')
    .flatMap((r): Case[] => {
      const path = r.path.replace(':id', '5');
      return [
        { path, ...signed('student'), expected: path, why: 'any signed-in role' },
        { path, ...out, expected: '/login', why: 'signed out' },
      ];
    }),
  // Admin pages: admins only.
  ...routes
    .filter((r) => r.access === 'admin')
    .flatMap((r): Case[] => [
      { path: r.path, ...signed('admin'), expected: r.path, why: 'admin' },
      { path: r.path, ...signed('instructor'), expected: '/dashboard', why: 'not admin' },
    ]),
];

describe('route guard and redirect rules', () => {
  it.each(
    table.map(
      (c) =>
        [
          `${c.path} ${c.signedIn ? `as ${c.role}${c.waiverSigned === false ? ' (waiver unsigned)' : ''}` : 'signed out'}${c.tokenStored ? ' with token' : ''}${c.status ? ` (${c.status})` : ''}${c.reason ? ` (${c.reason})` : ''} → ${c.expected} (${c.why})`,
          c,
        ] as const,
    ),
  )(
    '%s',
    async (_name, c) => {
      if (c.tokenStored) localStorage.setItem(TOKEN_KEY, 'token-1');
      const user = c.signedIn ? makeUser({ role: c.role, waiverSigned: c.waiverSigned }) : null;
      const status: SessionStatus = c.status ?? (c.signedIn ? 'signed-in' : 'signed-out');
      const session = fakeSession({
        user,
        status,
        loading: status === 'loading',
        isAuthenticated: status === 'signed-in',
        signOutReason: c.reason ?? null,
      });
      renderApp(<AppRoutes />, { route: c.path, session });
      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(new RegExp(`^${c.expected.replace(/[?]/g, '\\?')}$`)));
      // Nothing moves on afterwards.
      await act(async () => new Promise((r) => setTimeout(r, 20)));
      expect(screen.getByTestId('location').textContent).toBe(c.expected);
      if (c.status === 'loading') expect(screen.getByText('Loading...')).toBeInTheDocument();
      // Rows that open a whole page (the admin tables load MUI X's data grid) get the time page-sized tests get.
    },
    20_000,
  );

  it.each([
    ['/staff-chat', 'student', 'Staff Chat is for parents and staff.'],
    ['/class-instances', 'student', 'My Classes is for parents and staff.'],
    ['/admin/users', 'parent', 'User Management is for admins.'],
  ] as const)('%s as %s: the redirect to /dashboard says why ("%s")', async (path, role, notice) => {
    localStorage.setItem(TOKEN_KEY, 'token-1');
    renderApp(<AppRoutes />, { route: path, session: fakeSession({ user: makeUser({ role }) }) });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    expect(await screen.findByTestId('toast')).toHaveTextContent(notice);
  });

  it("unlisted paths show 'Page Not Found'", async () => {
    renderApp(<AppRoutes />, { route: '/no/such/page', session: fakeSession() });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/no/such/page');
  });

  it("shows 'Loading...' while a page loads, and keeps it (logging the error) when the chunk fails", async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail: (e: Error) => void = () => undefined;
    const page = lazyPage(() => new Promise<{ default: () => null }>((_resolve, reject) => (fail = reject)));
    renderApp(<GuardedPage route={{ path: '/x', access: 'public', title: 'X', page }} />, { route: '/x', session: fakeSession() });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => fail(new Error('chunk missing')));
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(log).toHaveBeenCalledWith('Failed to load page', expect.any(Error));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it("shows 'Loading...' on a navigation to a page still loading, not the previous page", async () => {
    const pageA = lazyPage(async () => ({ default: () => <Link to="/b">Page A</Link> }));
    const pageB = lazyPage(() => new Promise<{ default: () => null }>(() => undefined));
    renderApp(
      <Routes>
        <Route path="/a" element={<GuardedPage route={{ path: '/a', access: 'public', title: 'A', page: pageA }} />} />
        <Route path="/b" element={<GuardedPage route={{ path: '/b', access: 'public', title: 'B', page: pageB }} />} />
      </Routes>,
      { route: '/a', session: fakeSession() },
    );
    await userEvent.click(await screen.findByRole('link', { name: 'Page A' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/b');
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('Page A')).not.toBeInTheDocument();
  });

  it("starts a route's queries while its page loads, only once the guard lets the page show", async () => {
    const preload = jest.fn<void, [PreloadArgs]>();
    const route: AppRoute = {
      path: '/x',
      access: 'signed-in',
      title: 'X',
      page: lazyPage(() => new Promise<{ default: () => null }>(() => undefined)),
      preload: async () => ({ default: preload }),
    };
    const ui = (
      <Routes>
        <Route path="/x" element={<GuardedPage route={route} />} />
        <Route path="/login" element={<p>Sign-in page</p>} />
      </Routes>
    );
    // Signed out: redirected, nothing preloaded.
    const signedOut = renderApp(ui, { route: '/x', session: fakeSession() });
    expect(await screen.findByText('Sign-in page')).toBeInTheDocument();
    signedOut.unmount();
    // The stored token is still being verified: 'Loading...', nothing preloaded yet.
    localStorage.setItem(TOKEN_KEY, 'token-1');
    const verifying = renderApp(ui, { route: '/x', session: fakeSession({ status: 'loading', loading: true }) });
    await act(async () => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    verifying.unmount();
    expect(preload).not.toHaveBeenCalled();
    // Signed in: the page's chunk and its queries start together (the page is still loading).
    renderApp(ui, { route: '/x?date=2030-01-01', session: fakeSession({ user: makeUser() }) });
    await waitFor(() => expect(preload).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(preload.mock.calls[0][0].search.get('date')).toBe('2030-01-01');
    expect(preload.mock.calls[0][0].user?.id).toBe('u-1');
  });

  it('/calendar and /check-in have no navigation bar; /video/{id} has one', async () => {
    const { unmount } = renderApp(<AppRoutes />, { route: '/calendar', session: fakeSession() });
    expect(await screen.findByRole('heading', { name: 'Class Calendar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cart' })).not.toBeInTheDocument();
    unmount();
    renderApp(<AppRoutes />, { route: '/video/3', session: fakeSession(), handlers: { SharedVideo: { data: { sharedVideo: null } } } });
    // (No shared video 3 here: the page says so, under the navigation bar.)
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cart' })).toBeInTheDocument();
  });
});

describe('route table', () => {
  const byPath = Object.fromEntries(routes.map((r) => [r.path, r.access]));
  it('has every path of the app with its access rule', () => {
    const publicPaths = ['/', '/login', '/register', '/forgot-password', '/reset-password', '/video/:id'];
    const bare = ['/calendar', '/check-in'];
    const signedIn = [
      '/waiver',
      '/sign-waivers',
      '/dashboard',
      '/profile',
      '/family',
      '/classes',
      '/moves',
      '/videos',
      '/videos/:id',
      '/merch',
      '/memberships',
      '/membership-success',
      '/notifications',
      '/payment-success',
      '/invoice-payment-success',
      '/invoice-payment-failure',
    ];
    const staff = ['/staff-chat', '/class-instances'];
    const coaching = ['/student-moves'];
    const admin = [
      'dashboard',
      'invoices',
      'memberships',
      'waivers',
      'users',
      'classes',
      'students',
      'moves',
      'videos',
      'attendance',
      'import-export',
      'groups',
      'api-keys',
      'webhooks',
      'email',
      'stripe',
      'merch',
      'scheduled-jobs',
      'landing-page-customization',
      'pos',
    ].map((p) => `/admin/${p}`);
    for (const p of publicPaths) expect([p, byPath[p]]).toEqual([p, 'public']);
    for (const p of bare) expect([p, byPath[p]]).toEqual([p, 'bare']);
    for (const p of signedIn) expect([p, byPath[p]]).toEqual([p, 'signed-in']);
    for (const p of staff) expect([p, byPath[p]]).toEqual([p, { roles: ['admin', 'instructor', 'teacher', 'parent'] }]);
    for (const p of coaching) expect([p, byPath[p]]).toEqual([p, { roles: ['admin', 'instructor', 'teacher'] }]);
    for (const p of admin) expect([p, byPath[p]]).toEqual([p, 'admin']);
    expect(routes).toHaveLength(publicPaths.length + bare.length + signedIn.length + staff.length + coaching.length + admin.length);
  });
});

import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import LoginPage from '../pages/auth/LoginPage';
import { fakeSession, makeUser, renderApp } from '../../test/utils';
import { AppRoutes } from './AppRoutes';
import { afterSignInPath, loginPathFor, safeReturnPath } from './returnTo';

/** The whole location, search included (the shared probe shows the path only). */
function FullLocation() {
  const { pathname, search } = useLocation();
  return <output data-testid="full-location">{pathname + search}</output>;
}
const where = () => screen.getByTestId('full-location').textContent;

describe('safeReturnPath: only same-site paths', () => {
  it.each(['/classes', '/classes?class=c1&date=2030-03-05', '/admin/users', '/videos/7#notes', '/calendar?q=a%2Fb'])(
    'accepts %s',
    (path) => {
      expect(safeReturnPath(path)).toBe(path);
    },
  );

  it.each([
    ['another site', 'https://evil.example/classes'],
    ['a scheme', 'javascript:alert(1)'],
    ['a protocol-relative URL', '//evil.example'],
    ['a backslash (read as a slash by browsers)', '/\\evil.example'],
    ['a backslash further on', '/classes\\..\\evil'],
    ['a tab the URL parser drops', '/\t/evil.example'],
    ['a newline', '/classes\n'],
    ['no leading slash', 'classes'],
    ['a leading space', ' /classes'],
    ['the sign-in page itself', '/login?next=/x'],
    ['nothing', ''],
    ['null', null],
  ])('refuses %s', (_why, target) => {
    expect(safeReturnPath(target)).toBeNull();
  });

  it('builds the sign-in path with the target encoded, or a plain /login for an unsafe one', () => {
    expect(loginPathFor('/classes?date=2030-01-01')).toBe('/login?next=%2Fclasses%3Fdate%3D2030-01-01');
    expect(loginPathFor('//evil.example')).toBe('/login');
  });

  it('sends an unsigned waiver to /waiver first, else to the target, else to /dashboard', () => {
    expect(afterSignInPath({ waiverSigned: false }, '/classes')).toBe('/waiver');
    expect(afterSignInPath({ waiverSigned: true }, '/classes')).toBe('/classes');
    expect(afterSignInPath({ waiverSigned: true }, 'https://evil.example')).toBe('/dashboard');
    expect(afterSignInPath({ waiverSigned: true }, null)).toBe('/dashboard');
  });
});

describe('the route guard remembers where a signed-out visitor was going', () => {
  it.each(['/classes?date=2030-01-01', '/profile', '/admin/users', '/family'])('%s → /login?next=…', async (path) => {
    renderApp(
      <>
        <AppRoutes />
        <FullLocation />
      </>,
      { route: path, session: fakeSession() },
    );
    await waitFor(() => expect(where()).toBe(`/login?next=${encodeURIComponent(path)}`));
  });

  it('after an explicit logout goes to / with nothing to return to', async () => {
    renderApp(
      <>
        <AppRoutes />
        <FullLocation />
      </>,
      { route: '/profile', session: fakeSession({ signOutReason: 'logout' }) },
    );
    await waitFor(() => expect(where()).toBe('/'));
  });
});

describe('signing in returns to the remembered page', () => {
  const answer = (waiverSigned: boolean) => ({
    data: { login: { __typename: 'AuthPayload', token: 'tok', redirect: '/dashboard', user: makeUser({ waiverSigned }) } },
  });
  async function signInAt(route: string, waiverSigned = true) {
    jest.spyOn(console, 'info').mockImplementation(() => undefined);
    renderApp(
      <>
        <LoginPage />
        <FullLocation />
      </>,
      { route, handlers: { Login: answer(waiverSigned), Profile: { data: { profile: makeUser({ waiverSigned }) } } } },
    );
    fireEvent.change(screen.getByLabelText(/^Username/), { target: { value: 'student' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'aerial-demo-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  }

  it('goes to the deep link, search included', async () => {
    await signInAt('/login?next=%2Fclasses%3Fdate%3D2030-01-01');
    await waitFor(() => expect(where()).toBe('/classes?date=2030-01-01'));
  });

  it.each(['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'refuses %s and goes to /dashboard',
    async (target) => {
      await signInAt(`/login?next=${encodeURIComponent(target)}`);
      await waitFor(() => expect(where()).toBe('/dashboard'));
    },
  );

  it('goes to /waiver first while the waiver is unsigned', async () => {
    await signInAt('/login?next=%2Fclasses', false);
    await waitFor(() => expect(where()).toBe('/waiver'));
  });
});

import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { gqlError, makeUser, renderApp, type Answer } from '../../test/utils';
import { PROFILE_CACHE_MS, STARTUP_RETRY_DELAYS_MS, useAuth, type AuthContextValue } from './session';
import { StudioThemeDocument } from './theme.generated';
import { TOKEN_KEY, USER_KEY } from './storage';

let auth: AuthContextValue;
function Probe() {
  const session = useAuth();
  useEffect(() => {
    auth = session;
  });
  return (
    <p data-testid="session">
      {session.status}|{session.loading ? 'loading' : 'idle'}|{session.user?.username ?? 'nobody'}
    </p>
  );
}

const user = makeUser({ id: 'u-9', username: 'student', waiverSigned: true });
const profile = (u = user): Answer => ({ data: { profile: u } });
const verified = (u = user): Answer => ({ data: { me: { __typename: 'User', id: u.id, role: u.role, waiverSigned: u.waiverSigned } } });
const loginAnswer = (u = user, token = 'fresh-token'): Answer => ({
  data: { login: { __typename: 'AuthPayload', token, redirect: u.waiverSigned ? '/dashboard' : '/waiver', user: u } },
});
const text = () => screen.getByTestId('session').textContent;

beforeEach(() => {
  // The session logs why it signs out and the server's redirect hint; keep test output quiet.
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
});
const location = () => screen.getByTestId('location').textContent;

describe('session start-up', () => {
  it('without a stored token: signed out, not loading, no requests', () => {
    const { calls } = renderApp(<Probe />);
    expect(text()).toBe('signed-out|idle|nobody');
    expect(calls).toHaveLength(0);
  });

  it('with a stored token: loading, verify, fetch profile, signed in', async () => {
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    const { calls } = renderApp(<Probe />, { handlers: { VerifySession: verified(), Profile: profile() } });
    expect(text()).toBe('loading|loading|nobody');
    await waitFor(() => expect(text()).toBe('signed-in|idle|student'));
    expect(calls.map((c) => c.operationName)).toEqual(['VerifySession', 'Profile']);
    expect(calls.every((c) => c.authorization === 'Bearer stored-token')).toBe(true);
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toMatchObject({ id: 'u-9', username: 'student' });
  });

  it('an invalid token is removed and the session ends signed out', async () => {
    localStorage.setItem(TOKEN_KEY, 'stale');
    localStorage.setItem(USER_KEY, '{"id":"u-9"}');
    renderApp(<Probe />, { handlers: { VerifySession: gqlError('UNAUTHENTICATED') } });
    await waitFor(() => expect(text()).toBe('signed-out|idle|nobody'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(auth.signOutReason).toBe('expired');
  });

  it('a profile fetch that keeps failing signs out after asking again', async () => {
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    const { calls } = renderApp(<Probe />, {
      handlers: { VerifySession: verified(), Profile: () => Promise.reject(new Error('network down')) },
    });
    await waitFor(() => expect(text()).toBe('signed-out|idle|nobody'), { timeout: 5000 });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    // One try and one more per pause: a passing network blip is not taken for an invalid token.
    expect(calls.filter((c) => c.operationName === 'Profile')).toHaveLength(STARTUP_RETRY_DELAYS_MS.length + 1);
  });

  it('a network blip at start-up is asked again and the session is kept', async () => {
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    let verifies = 0;
    const { calls } = renderApp(<Probe />, {
      handlers: {
        VerifySession: () => (++verifies === 1 ? Promise.reject(new Error('Failed to fetch')) : verified()),
        Profile: profile(),
      },
    });
    expect(text()).toBe('loading|loading|nobody');
    await waitFor(() => expect(text()).toBe('signed-in|idle|student'), { timeout: 3000 });
    expect(calls.map((c) => c.operationName)).toEqual(['VerifySession', 'VerifySession', 'Profile']);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('stored-token');
  });

  it("the server's verdict on the token is final at once: no second try", async () => {
    localStorage.setItem(TOKEN_KEY, 'stale');
    const { calls } = renderApp(<Probe />, { handlers: { VerifySession: gqlError('UNAUTHENTICATED') } });
    await waitFor(() => expect(text()).toBe('signed-out|idle|nobody'));
    await new Promise((resolve) => setTimeout(resolve, STARTUP_RETRY_DELAYS_MS[0] + 100));
    expect(calls.filter((c) => c.operationName === 'VerifySession')).toHaveLength(1);
  });
});

describe('login', () => {
  it('stores token and userData and goes to /waiver when the waiver is not signed', async () => {
    const unsigned = makeUser({ id: 'u-2', username: 'newbie', waiverSigned: false });
    const { calls } = renderApp(<Probe />, { route: '/login', handlers: { Login: loginAnswer(unsigned, 'tok-2') } });
    await act(async () => void (await auth.login('newbie', 'correct horse battery')));
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok-2');
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toMatchObject({ id: 'u-2', waiverSigned: false });
    expect(text()).toBe('signed-in|idle|newbie');
    expect(location()).toBe('/waiver');
    expect(calls[0]).toMatchObject({ operationName: 'Login', variables: { username: 'newbie', password: 'correct horse battery' } });
  });

  it('goes to /dashboard when the waiver is signed', async () => {
    renderApp(<Probe />, { route: '/login', handlers: { Login: loginAnswer() } });
    await act(async () => void (await auth.login('student', 'pw-1234567890')));
    expect(location()).toBe('/dashboard');
  });

  it('a failed login is logged and passed to the caller, and nothing is stored', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp(<Probe />, { route: '/login', handlers: { Login: gqlError('UNAUTHENTICATED', 'Invalid username or password.') } });
    await act(async () => {
      await expect(auth.login('student', 'wrong')).rejects.toThrow('Invalid username or password.');
    });
    expect(log).toHaveBeenCalled();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(text()).toBe('signed-out|idle|nobody');
    expect(location()).toBe('/login');
  });
});

describe('logout', () => {
  async function signedInAt(route: string) {
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    const rendered = renderApp(<Probe />, {
      route,
      handlers: {
        VerifySession: verified(),
        Profile: profile(),
        Logout: { data: { logout: true } },
        SignOutEverywhere: { data: { signOutEverywhere: true } },
      },
    });
    await waitFor(() => expect(text()).toBe('signed-in|idle|student'));
    return rendered;
  }

  it('revokes the tokens, removes both keys, clears the whole cache and goes to /', async () => {
    const { apollo, calls } = await signedInAt('/dashboard');
    apollo.client.writeQuery({
      query: StudioThemeDocument,
      data: { landingPageConfig: { __typename: 'LandingPageConfig', heroTitle: 'cached' } as never },
    });
    expect(Object.keys(apollo.client.cache.extract() as object).length).toBeGreaterThan(0);

    await act(async () => auth.logout());

    expect(calls.find((c) => c.operationName === 'Logout')?.authorization).toBe('Bearer stored-token');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(apollo.client.cache.extract()).toEqual({});
    expect(text()).toBe('signed-out|idle|nobody');
    expect(location()).toBe('/');
  });

  it('"sign out everywhere" ends every session on the server, then signs out here like a logout', async () => {
    const { calls } = await signedInAt('/profile');
    await act(async () => auth.logout({ everywhere: true }));
    expect(calls.map((c) => c.operationName)).toContain('SignOutEverywhere');
    expect(calls.map((c) => c.operationName)).not.toContain('Logout');
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(text()).toBe('signed-out|idle|nobody');
    expect(location()).toBe('/');
  });

  it('stays on / when already there', async () => {
    await signedInAt('/');
    await act(async () => auth.logout());
    expect(location()).toBe('/');
    expect(text()).toBe('signed-out|idle|nobody');
  });

  it("another tab signing out while this tab's logout is on its way is that logout: the page still goes to /", async () => {
    // The server ends the session both tabs share; the other tab hears it first (its socket closes with 4403) and
    // removes the token, and this tab hears that before its own logout has been answered.
    let answerLogout: (answer: Answer) => void = () => undefined;
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    renderApp(<Probe />, {
      route: '/dashboard',
      handlers: {
        VerifySession: verified(),
        Profile: profile(),
        Logout: () => new Promise<Answer>((resolve) => (answerLogout = resolve)),
      },
    });
    await waitFor(() => expect(text()).toBe('signed-in|idle|student'));
    let done = false;
    act(() => void auth.logout().then(() => (done = true)));
    await waitFor(() => expect(answerLogout).not.toBe(undefined));
    localStorage.removeItem(TOKEN_KEY);
    act(
      () =>
        void window.dispatchEvent(
          new StorageEvent('storage', { key: TOKEN_KEY, oldValue: 'stored-token', newValue: null, storageArea: localStorage }),
        ),
    );
    // Not taken for an expiry (which would send the page to /login?next=%2Fdashboard): the logout ends it.
    expect(auth.signOutReason).toBeNull();
    expect(location()).toBe('/dashboard');
    await act(async () => answerLogout({ data: { logout: true } }));
    await waitFor(() => expect(done).toBe(true));
    expect(text()).toBe('signed-out|idle|nobody');
    expect(location()).toBe('/');
  });

  it('still signs out locally when the server does not answer', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    renderApp(<Probe />, { route: '/profile', handlers: { VerifySession: verified(), Profile: profile(), Logout: 'pending' } });
    await waitFor(() => expect(text()).toBe('signed-in|idle|student'));
    let done = false;
    act(() => void auth.logout().then(() => (done = true)));
    await act(async () => void jest.advanceTimersByTime(3000));
    await waitFor(() => expect(done).toBe(true));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(location()).toBe('/');
    jest.useRealTimers();
  });
});

describe('cross-tab and server sign-out', () => {
  it('a storage event removing the token in another tab signs this tab out', async () => {
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    renderApp(<Probe />, { route: '/dashboard', handlers: { VerifySession: verified(), Profile: profile() } });
    await waitFor(() => expect(text()).toBe('signed-in|idle|student'));
    // The other tab removed the key; this tab only hears the event.
    localStorage.removeItem(TOKEN_KEY);
    act(
      () =>
        void window.dispatchEvent(
          new StorageEvent('storage', { key: TOKEN_KEY, oldValue: 'stored-token', newValue: null, storageArea: localStorage }),
        ),
    );
    await waitFor(() => expect(text()).toBe('signed-out|idle|nobody'));
    expect(auth.signOutReason).toBe('expired');
  });

  it('ignores storage events for other keys', async () => {
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    renderApp(<Probe />, { handlers: { VerifySession: verified(), Profile: profile() } });
    await waitFor(() => expect(text()).toBe('signed-in|idle|student'));
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: 'something-else', newValue: null, storageArea: localStorage })));
    expect(text()).toBe('signed-in|idle|student');
  });

  it('a token set in another tab starts that session here too', async () => {
    const other = makeUser({ id: 'u-5', username: 'parent', role: 'parent' });
    const { calls } = renderApp(<Probe />, {
      handlers: {
        VerifySession: (op) => verified(op.authorization === 'Bearer other' ? other : user),
        Profile: (op) => profile(op.authorization === 'Bearer other' ? other : user),
      },
    });
    localStorage.setItem(TOKEN_KEY, 'other');
    act(() => void window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, newValue: 'other', storageArea: localStorage })));
    await waitFor(() => expect(text()).toBe('signed-in|idle|parent'));
    expect(calls.map((c) => c.authorization)).toEqual(['Bearer other', 'Bearer other']);
  });

  it('an UNAUTHENTICATED answer to any request signs the user out', async () => {
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    const { apollo } = renderApp(<Probe />, {
      handlers: { VerifySession: verified(), Profile: profile(), StudioTheme: gqlError('UNAUTHENTICATED') },
    });
    await waitFor(() => expect(text()).toBe('signed-in|idle|student'));
    await act(async () => {
      await apollo.client.query({ query: StudioThemeDocument }).catch(() => undefined);
    });
    await waitFor(() => expect(text()).toBe('signed-out|idle|nobody'));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });
});

describe('profile cache (60 s)', () => {
  it('refreshUser answers from the cache within 60 s and asks the server after', async () => {
    const now = jest.spyOn(Date, 'now');
    let t = 1_000_000;
    now.mockImplementation(() => t);
    localStorage.setItem(TOKEN_KEY, 'stored-token');
    const { calls } = renderApp(<Probe />, { handlers: { VerifySession: verified(), Profile: profile() } });
    await waitFor(() => expect(text()).toBe('signed-in|idle|student'));
    const profileCalls = () => calls.filter((c) => c.operationName === 'Profile').length;
    expect(profileCalls()).toBe(1);
    t += PROFILE_CACHE_MS - 1;
    await act(async () => void (await auth.refreshUser()));
    expect(profileCalls()).toBe(1);
    t += 2;
    await act(async () => void (await auth.refreshUser()));
    expect(profileCalls()).toBe(2);
    await act(async () => void (await auth.refreshUser({ force: true })));
    expect(profileCalls()).toBe(3);
  });
});

describe('useAuth', () => {
  it("throws 'useAuth must be used within an AuthProvider' outside its provider", () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Outside() {
      useAuth();
      return null;
    }
    expect(() => render(<Outside />)).toThrow('useAuth must be used within an AuthProvider');
    log.mockRestore();
  });
});

import { useApolloClient, useQuery } from '@apollo/client/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ProfileDocument, type ProfileQuery, VerifySessionDocument } from './session.generated';
import type { StudioApollo } from './apollo';
import { graphQLErrorsOf } from './errors';
import { afterSignInPath } from './returnTo';
import { TOKEN_KEY, clearStoredSession, readToken, writeSession, writeUser } from './storage';

export type SessionUser = ProfileQuery['profile'];
export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';
/** Why the session ended: an explicit logout goes to /, an expired or revoked session goes to /login. */
export type SignOutReason = 'logout' | 'expired' | null;

/** The sign-in and sign-out mutations, loaded on first use; the login page starts loading them as it opens. */
export const loadSessionActions = () => import('./sessionActions.generated');

/** The profile is cached for 60 seconds. */
export const PROFILE_CACHE_MS = 60_000;
/** How long logout waits for the server to revoke the tokens before clearing the session anyway. */
const LOGOUT_TIMEOUT_MS = 3000;

/** Pauses before asking again when start-up could not reach the server; after the last, the session ends. */
export const STARTUP_RETRY_DELAYS_MS = [500, 1500];

/**
 * Whether a failed start-up request says nothing about the token: no answer (network), a 5xx, or the server saying
 * it is briefly unwell. The server's verdict on the token (UNAUTHENTICATED, FORBIDDEN, …) is final at once.
 */
function isTransient(error: unknown): boolean {
  const codes = graphQLErrorsOf(error).map((e) => e.extensions?.code);
  if (codes.length === 0) return true;
  return codes.every((code) => code === 'SERVICE_UNAVAILABLE' || code === 'INTERNAL_SERVER_ERROR');
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SignInPayload {
  token: string;
  redirect?: string;
  user: SessionUser;
}

export interface AuthContextValue {
  status: SessionStatus;
  loading: boolean;
  isAuthenticated: boolean;
  token: string | null;
  user: SessionUser | null;
  signOutReason: SignOutReason;
  /**
   * Signs in; goes to /waiver when the waiver is not signed, else to `next` (a same-site path, see returnTo.ts), else
   * /dashboard. Errors are logged and rethrown.
   */
  login(username: string, password: string, next?: string | null): Promise<SignInPayload>;
  /** Starts a session from a payload the server returned (login, register). */
  signIn(payload: SignInPayload): void;
  /**
   * Ends this device's session (with `everywhere`, every session of the user), clears storage and the whole Apollo
   * cache, and goes to / unless already there.
   */
  logout(options?: { everywhere?: boolean }): Promise<void>;
  /** The profile, from the cache when it was fetched in the last 60 s unless `force`. */
  refreshUser(options?: { force?: boolean }): Promise<SessionUser | null>;
  /** Keeps a fresh token the server handed out (after a password change). */
  replaceToken(token: string): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

interface State {
  status: SessionStatus;
  token: string | null;
  reason: SignOutReason;
}

function initialState(): State {
  const token = readToken();
  return { status: token ? 'loading' : 'signed-out', token, reason: null };
}

export function AuthProvider({
  apollo,
  children,
}: {
  apollo: Pick<StudioApollo, 'restartSocket' | 'onUnauthenticated'>;
  children: ReactNode;
}) {
  const client = useApolloClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [state, setState] = useState<State>(initialState);
  /**
   * The session as last set, not as last rendered: two endings can arrive before React renders the first (a logout's
   * answer, then the other tab's storage event), and the second must see that the first already happened.
   */
  const current = useRef<State>(state);
  const setSession = useCallback((next: State | ((s: State) => State)) => {
    current.current = typeof next === 'function' ? next(current.current) : next;
    setState(current.current);
  }, []);
  /** Where the app is, for logout; a ref, so logout (and the context value) stay the same across navigations. */
  const pathRef = useRef(location.pathname);
  /** A logout is under way: until it has reached /, nothing else ends the session (see endSession). */
  const loggingOut = useRef(false);
  useEffect(() => {
    pathRef.current = location.pathname;
  }, [location.pathname]);
  /** Bumped whenever the session changes, so a late answer from an older start-up is ignored. */
  const generation = useRef(0);
  const profileFetchedAt = useRef(0);

  const { data } = useQuery(ProfileDocument, { skip: state.status !== 'signed-in', fetchPolicy: 'cache-only' });
  const user = state.status === 'signed-in' ? (data?.profile ?? null) : null;

  const endSession = useCallback(
    async (reason: Exclude<SignOutReason, null>) => {
      // While a logout runs, the server ending this session (this tab's socket closed with 4403, the other tab
      // removing the shared token when its socket closed) is that logout, not an expiry; taken for one, the page
      // would go to /login?next=… instead of /. And an ended session is not ended again as expired.
      if (reason === 'expired' && (loggingOut.current || current.current.status === 'signed-out')) return;
      generation.current += 1;
      profileFetchedAt.current = 0;
      clearStoredSession();
      setSession({ status: 'signed-out', token: null, reason });
      // Nothing of one user may survive into the next session.
      await client.clearStore().catch(() => undefined);
      apollo.restartSocket();
    },
    [client, apollo, setSession],
  );

  const startSession = useCallback(
    async (token: string) => {
      const run = ++generation.current;
      for (let attempt = 0; ; attempt++) {
        try {
          await client.query({ query: VerifySessionDocument, fetchPolicy: 'network-only' });
          await client.query({ query: ProfileDocument, fetchPolicy: 'network-only' });
          if (run !== generation.current) return;
          profileFetchedAt.current = Date.now();
          setSession({ status: 'signed-in', token, reason: null });
          return;
        } catch (error) {
          if (run !== generation.current) return;
          // A phone between networks or a server restarting should not cost the member their sign-in.
          if (isTransient(error) && attempt < STARTUP_RETRY_DELAYS_MS.length) {
            console.warn('Session check could not reach the server; asking again.', error);
            await pause(STARTUP_RETRY_DELAYS_MS[attempt]);
            if (run !== generation.current) return;
            continue;
          }
          console.warn('Session could not be restored; signing out.', error);
          await endSession('expired');
          return;
        }
      }
    },
    [client, endSession, setSession],
  );

  // Start-up with a stored token: loading → verify → profile → signed in.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = readToken();
    if (token) void startSession(token);
  }, [startSession]);

  // The server said the token is no longer valid (UNAUTHENTICATED, or the socket closed with 4403).
  useEffect(
    () =>
      apollo.onUnauthenticated(() => {
        void endSession('expired');
      }),
    [apollo, endSession],
  );

  // Another tab signed out (token removed) or signed in (token changed).
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== TOKEN_KEY) return;
      const stored = readToken();
      if (!stored) {
        void endSession('expired');
        return;
      }
      if (stored !== current.current.token) {
        generation.current += 1;
        setSession({ status: 'loading', token: stored, reason: null });
        void client
          .clearStore()
          .catch(() => undefined)
          .then(() => {
            apollo.restartSocket();
            return startSession(stored);
          });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [client, apollo, endSession, startSession, setSession]);

  // Keep userData in storage in step with the cached profile.
  useEffect(() => {
    if (user && readToken()) writeUser(user);
  }, [user]);

  // Once logout has reached /, the usual rule (signed out → /login) applies again.
  if (state.reason === 'logout' && location.pathname === '/') setState({ ...state, reason: null });

  const signIn = useCallback(
    (payload: SignInPayload) => {
      generation.current += 1;
      client.writeQuery({ query: ProfileDocument, data: { profile: payload.user } });
      writeSession(payload.token, payload.user);
      profileFetchedAt.current = Date.now();
      setSession({ status: 'signed-in', token: payload.token, reason: null });
      apollo.restartSocket();
      // The full profile (family members included) replaces what the sign-in answer carried.
      const run = generation.current;
      void client
        .query({ query: ProfileDocument, fetchPolicy: 'network-only' })
        .then(() => {
          if (run === generation.current) profileFetchedAt.current = Date.now();
        })
        .catch((error: unknown) => console.warn('Profile refresh after sign-in failed', error));
    },
    [client, apollo, setSession],
  );

  const login = useCallback(
    async (username: string, password: string, next?: string | null) => {
      try {
        const { LoginDocument } = await loadSessionActions();
        const result = await client.mutate({ mutation: LoginDocument, variables: { username, password } });
        const payload = result.data!.login;
        // The server's redirect hint is only logged; the client decides from waiverSigned.
        console.info('login: server suggests', payload.redirect);
        signIn(payload);
        navigate(afterSignInPath(payload.user, next));
        return payload;
      } catch (error) {
        console.error('Login failed', error);
        throw error;
      }
    },
    [client, signIn, navigate],
  );

  const logout = useCallback(
    async ({ everywhere = false } = {}) => {
      const leaveFor = pathRef.current !== '/' ? '/' : null;
      loggingOut.current = true;
      try {
        if (readToken()) {
          // End the session server-side; never let a slow server keep the user signed in here.
          await Promise.race([
            loadSessionActions()
              .then(({ LogoutDocument, SignOutEverywhereDocument }) =>
                client.mutate({ mutation: everywhere ? SignOutEverywhereDocument : LogoutDocument }),
              )
              .catch((e: unknown) => console.warn('Logout request failed', e)),
            new Promise((resolve) => setTimeout(resolve, LOGOUT_TIMEOUT_MS)),
          ]);
        }
        await endSession('logout');
        if (leaveFor) navigate(leaveFor);
      } finally {
        loggingOut.current = false;
      }
    },
    [client, endSession, navigate],
  );

  const refreshUser = useCallback(
    async ({ force = false } = {}) => {
      if (!readToken()) return null;
      const fresh = Date.now() - profileFetchedAt.current < PROFILE_CACHE_MS;
      try {
        const result = await client.query({ query: ProfileDocument, fetchPolicy: !force && fresh ? 'cache-first' : 'network-only' });
        if (force || !fresh) profileFetchedAt.current = Date.now();
        return result.data?.profile ?? null;
      } catch (error) {
        console.warn('Profile could not be loaded; signing out.', error);
        await endSession('expired');
        return null;
      }
    },
    [client, endSession],
  );

  const replaceToken = useCallback(
    (token: string) => {
      localStorage.setItem(TOKEN_KEY, token);
      setSession((s) => ({ ...s, token }));
      apollo.restartSocket();
    },
    [apollo, setSession],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      status: state.status === 'signed-in' && !user ? 'loading' : state.status,
      loading: state.status === 'loading' || (state.status === 'signed-in' && !user),
      isAuthenticated: state.status === 'signed-in' && Boolean(user),
      token: state.token,
      user,
      signOutReason: state.reason,
      login,
      signIn,
      logout,
      refreshUser,
      replaceToken,
    }),
    [state, user, login, signIn, logout, refreshUser, replaceToken],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

/** For tests and previews: provides a fixed session without the provider's side effects. */
export const AuthContextProvider = AuthContext.Provider;

import { ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { ThemeProvider } from '@mui/material/styles';
import { render, type RenderResult } from '@testing-library/react';
import type { GraphQLFormattedError } from 'graphql';
import { useEffect, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { Observable } from 'rxjs';
import { createStudioApollo, type StudioApollo } from '../src/app/apollo';
import { AuthContextProvider, AuthProvider, type AuthContextValue, type SessionUser } from '../src/app/session';
import { createStudioTheme } from '../src/app/theme';
import { ToastProvider, Toaster } from '../src/app/toast';

export function setViewportWidth(width: number) {
  (window as unknown as { __viewportWidth?: number }).__viewportWidth = width;
}

export interface RecordedOperation {
  operationName: string;
  variables: Record<string, unknown>;
  authorization?: string;
}

export type Answer = { data?: Record<string, unknown>; errors?: GraphQLFormattedError[] } | 'pending';
export type Handler = (op: RecordedOperation) => Answer | Promise<Answer>;

/**
 * A terminating link that answers operations by name, records every call (with its bearer header), and leaves
 * unknown operations pending (like a slow server) so pages can render their loading states.
 */
export function scriptedLink(handlers: Record<string, Handler | Answer>) {
  const calls: RecordedOperation[] = [];
  const link = new ApolloLink((operation) => {
    const headers = (operation.getContext().headers ?? {}) as Record<string, string>;
    const op: RecordedOperation = {
      operationName: operation.operationName ?? '',
      variables: operation.variables,
      authorization: headers.authorization,
    };
    calls.push(op);
    return new Observable((observer) => {
      const handler = handlers[op.operationName];
      if (!handler) return; // pending forever
      Promise.resolve(typeof handler === 'function' ? handler(op) : handler).then(
        (answer) => {
          if (answer === 'pending') return;
          observer.next(answer as ApolloLink.Result);
          observer.complete();
        },
        (error: unknown) => observer.error(error),
      );
    });
  });
  return { link, calls };
}

export const gqlError = (code: string, message = code, fields?: Record<string, string>): Answer => ({
  errors: [{ message, extensions: { code, ...(fields ? { fields } : {}) } }],
});

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    __typename: 'User',
    id: 'u-1',
    firstName: 'Sam',
    lastName: 'Okafor',
    username: 'student',
    email: 'student@example.com',
    role: 'student',
    birthday: '2000-03-04',
    age: 25,
    isMinor: false,
    hasLogin: true,
    isActive: true,
    waiverSigned: true,
    familyMembers: [],
    ...overrides,
  } as SessionUser;
}

export function member(id: string, firstName: string, birthday: string, extra: Partial<SessionUser['familyMembers'][number]> = {}) {
  return {
    __typename: 'User',
    id,
    firstName,
    lastName: 'Reyes',
    birthday,
    age: 0,
    isMinor: true,
    hasLogin: false,
    waiverSigned: false,
    ...extra,
  } as SessionUser['familyMembers'][number];
}

/** Shows the current location so tests can assert where the app went. */
export function LocationProbe({ onChange }: { onChange?: (path: string) => void }) {
  const location = useLocation();
  useEffect(() => onChange?.(location.pathname + location.search), [location, onChange]);
  return <div data-testid="location">{location.pathname}</div>;
}

export function fakeSession(overrides: Partial<AuthContextValue> = {}): AuthContextValue {
  const user = overrides.user === undefined ? null : overrides.user;
  return {
    status: user ? 'signed-in' : 'signed-out',
    loading: false,
    isAuthenticated: Boolean(user),
    token: user ? 'token-1' : null,
    user,
    signOutReason: null,
    login: jest.fn(),
    signIn: jest.fn(),
    logout: jest.fn(async () => undefined),
    refreshUser: jest.fn(async () => user),
    replaceToken: jest.fn(),
    ...overrides,
  };
}

interface Options {
  route?: string;
  /** A fixed session (no AuthProvider); omit to run the real AuthProvider. */
  session?: AuthContextValue;
  apollo?: StudioApollo;
  handlers?: Record<string, Handler | Answer>;
}

/** Renders `ui` inside the app's providers: Apollo (scripted link), theme, toasts, router and session. */
export function renderApp(ui: ReactNode, options: Options = {}): RenderResult & { apollo: StudioApollo; calls: RecordedOperation[] } {
  const scripted = scriptedLink(options.handlers ?? {});
  const apollo = options.apollo ?? createStudioApollo({ link: scripted.link });
  const session = options.session;
  const result = render(
    <ApolloProvider client={apollo.client}>
      <ThemeProvider theme={createStudioTheme()}>
        <ToastProvider>
          <MemoryRouter initialEntries={[options.route ?? '/']}>
            {session ? <AuthContextProvider value={session}>{ui}</AuthContextProvider> : <AuthProvider apollo={apollo}>{ui}</AuthProvider>}
            <LocationProbe />
          </MemoryRouter>
          <Toaster />
        </ToastProvider>
      </ThemeProvider>
    </ApolloProvider>,
  );
  return { ...result, apollo, calls: scripted.calls };
}

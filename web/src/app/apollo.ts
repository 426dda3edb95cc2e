import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { ErrorLink } from '@apollo/client/link/error';
import { OperationTypeNode } from 'graphql';
import { Observable, type Subscription } from 'rxjs';
import { graphQLErrorsOf } from './errors';
import { afterFirstContentfulPaint } from './nextTask';
import { readToken } from './storage';

/**
 * Operations whose UNAUTHENTICATED answer means "wrong credentials", not "your session ended": signing in, and the
 * kiosk's own identification (a wrong PIN at the front desk must not sign anyone out of the app).
 */
export const CREDENTIAL_OPERATIONS = new Set([
  'Login',
  'KioskSignIn',
  'KioskSignInWithCode',
  'KioskCheckIn',
  'KioskFind',
  'KioskRoster',
  'KioskTapIn',
]);

/** The server closes the socket with 4403 when the token it was given is no longer valid. */
export const WS_FORBIDDEN = 4403;
const WS_RESTART = 4205;
/**
 * The server closes the socket with 4413 when this client fell too far behind on live updates (a stalled tab or
 * network). graphql-ws reconnects and subscribes again by itself; what was missed meanwhile is read again.
 */
export const WS_RESYNC = 4413;

export interface StudioApollo {
  client: ApolloClient;
  /** Reconnects the WebSocket (if open) so the server sees the current token; call after login and logout. */
  restartSocket(): void;
  /** Who to tell when the server says the stored token is no longer valid. */
  onUnauthenticated(handler: () => void): () => void;
}

const replaceList = (_existing: unknown, incoming: unknown[]) => incoming;

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      // Singletons: one landing page and one current waiver, so every query and mutation result merges into one record.
      LandingPageConfig: { keyFields: [] },
      WaiverDocument: { keyFields: ['documentId', 'version'] },
      User: { fields: { familyMembers: { merge: (_existing, incoming: unknown[]) => incoming } } },
      // The member's class cart, kiosk code and the studio's booking rules are singletons too.
      ClassCart: { keyFields: [] },
      MyCheckIn: { keyFields: [] },
      StudioSettings: { keyFields: [] },
      // The badge of a feed, and the viewer's email choices: one of each.
      NotificationCounts: { keyFields: ['feed'] },
      NotificationPreferences: { keyFields: [] },
      // A job queue is named by its name.
      ScheduledJob: { keyFields: ['name'] },
      // A class's rig points and the viewer's places in it are replaced as a whole by every fresh answer.
      ClassInstance: {
        fields: { rigPoints: { merge: replaceList }, myBookings: { merge: replaceList }, myWaitlistEntries: { merge: replaceList } },
      },
      // classInstance(id) reads the class already cached by the schedule before asking the server.
      Query: {
        fields: {
          classInstance: {
            read: (existing, { args, toReference }) => existing ?? toReference({ __typename: 'ClassInstance', id: args?.id as string }),
          },
        },
      },
    },
  });
}

interface Options {
  /** Terminating link for tests; production uses HTTP plus graphql-ws. */
  link?: ApolloLink;
  httpUri?: string;
  wsUrl?: string;
}

function defaultWsUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}/graphql`;
}

export function createStudioApollo(options: Options = {}): StudioApollo {
  const handlers = new Set<() => void>();
  const signalUnauthenticated = () => handlers.forEach((h) => h());

  // Every request carries the stored token as a bearer header when there is one.
  const authLink = new SetContextLink((prev) => {
    const token = readToken();
    const headers = { ...(prev.headers as Record<string, string> | undefined) };
    if (token && !headers.authorization) headers.authorization = `Bearer ${token}`;
    return { headers };
  });

  // An UNAUTHENTICATED answer to a request that carried a token means the session is over.
  const errorLink = new ErrorLink(({ error, operation }) => {
    if (CREDENTIAL_OPERATIONS.has(operation.operationName ?? '')) return;
    const sentToken = Boolean((operation.getContext().headers as Record<string, string> | undefined)?.authorization);
    if (sentToken && graphQLErrorsOf(error).some((e) => e.extensions?.code === 'UNAUTHENTICATED')) signalUnauthenticated();
  });

  let socket: WebSocket | null = null;
  /** The server dropped this client for falling behind: once reconnected, the screens' queries are read again. */
  let resyncDue = false;
  let terminal: ApolloLink;
  if (options.link) {
    terminal = options.link;
  } else {
    const http = new HttpLink({ uri: options.httpUri ?? '/graphql', credentials: 'include' });
    // graphql-ws is loaded with the first subscription, so pages without live data never download it; and only once
    // the page has shown its first content, so its download does not compete with the page's own code.
    const ws = new LazyLink(async () => {
      await afterFirstContentfulPaint();
      const [{ createClient }, { GraphQLWsLink }] = await Promise.all([
        import('graphql-ws/client'),
        import('@apollo/client/link/subscriptions'),
      ]);
      const wsClient = createClient({
        url: options.wsUrl ?? defaultWsUrl(),
        lazy: true,
        connectionParams: () => {
          const token = readToken();
          return token ? { authorization: `Bearer ${token}` } : {};
        },
        retryAttempts: 5,
        // A restart (new token) reconnects at once; dropped connections back off.
        retryWait: (retries) => new Promise((r) => setTimeout(r, retries === 0 ? 100 : Math.min(1000 * 2 ** retries, 30_000))),
        shouldRetry: (e) => !(isCloseEvent(e) && e.code === WS_FORBIDDEN),
        on: {
          connected: (s) => {
            socket = s as WebSocket;
            if (!resyncDue) return;
            resyncDue = false;
            void client.refetchQueries({ include: 'active' });
          },
          closed: (e) => {
            socket = null;
            if (isCloseEvent(e) && e.code === WS_FORBIDDEN) signalUnauthenticated();
            if (isCloseEvent(e) && e.code === WS_RESYNC) resyncDue = true;
          },
        },
      });
      return new GraphQLWsLink(wsClient);
    });
    terminal = ApolloLink.split((op) => op.operationType === OperationTypeNode.SUBSCRIPTION, ws, http);
  }

  const client = new ApolloClient({
    link: ApolloLink.from([authLink, errorLink, terminal]),
    cache: createCache(),
    // No automatic retry (no RetryLink), no polling, no refetch on focus, data never goes stale.
    defaultOptions: {
      watchQuery: { fetchPolicy: 'cache-first', nextFetchPolicy: 'cache-first', refetchWritePolicy: 'overwrite' },
      query: { fetchPolicy: 'cache-first' },
    },
  });

  return {
    client,
    restartSocket() {
      if (socket && socket.readyState === WebSocket.OPEN) socket.close(WS_RESTART, 'Client Restart');
    },
    onUnauthenticated(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
  };
}

function isCloseEvent(e: unknown): e is { code: number; reason: string } {
  return typeof e === 'object' && e !== null && 'code' in e && 'reason' in e;
}

/** A link created on first use (its code is loaded then). */
class LazyLink extends ApolloLink {
  private link: Promise<ApolloLink> | null = null;

  constructor(private readonly make: () => Promise<ApolloLink>) {
    super();
  }

  override request(operation: ApolloLink.Operation, forward: ApolloLink.ForwardFunction): Observable<ApolloLink.Result> {
    return new Observable<ApolloLink.Result>((observer) => {
      let inner: Subscription | undefined;
      let closed = false;
      (this.link ??= this.make()).then(
        (link) => {
          if (!closed) inner = link.request(operation, forward).subscribe(observer);
        },
        (error: unknown) => observer.error(error),
      );
      return () => {
        closed = true;
        inner?.unsubscribe();
      };
    });
  }
}

import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import type { SessionUser } from './session';

/** What a route's preload is given: the client, the route's path parameters and query string, and who is signed in. */
export interface PreloadArgs {
  client: ApolloClient;
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
  user: SessionUser | null;
}

/**
 * Starts the queries a page shows first, so they travel while the page's chunk loads instead of after it. Nothing
 * waits for them: the page renders from the cache (or joins the request in flight) as soon as its code is there.
 */
export type RoutePreload = (args: PreloadArgs) => void;

/** A route's preload lives in its own small module (the page's documents only), loaded beside the page's chunk. */
export type PreloadModule = () => Promise<{ default: RoutePreload }>;

/** Resolves once the preload has run (it started its queries, or filled the cache from the page), or failed. */
function runPreload(route: { preload?: PreloadModule }, args: PreloadArgs): Promise<void> {
  if (!route.preload) return Promise.resolve();
  return route.preload().then(
    ({ default: preload }) => preload(args),
    (error: unknown) => console.warn('Route data could not be preloaded', error),
  );
}

/** The first page, when its queries were started before React rendered it (GuardedPage does not start them again). */
let startedBeforeRender: string | null = null;

/** Starts the first page's preload before React renders anything (main.tsx); resolves once it has run. */
export function preloadBeforeRender(route: { preload?: PreloadModule }, path: string, args: PreloadArgs): Promise<void> {
  startedBeforeRender = path;
  return runPreload(route, args);
}

/**
 * Starts a route's preload as a visit begins (GuardedPage runs this once per path the guard lets show). Loading the
 * module or the data may fail: that only costs the head start, the page asks itself.
 */
export function preloadVisit(route: { preload?: PreloadModule }, path: string, args: PreloadArgs): void {
  const startedAlready = startedBeforeRender === path;
  startedBeforeRender = null;
  if (!startedAlready) void runPreload(route, args);
}

/**
 * Sends one query into the cache. `network-only` is for data that moves while the page is closed (seat counts,
 * bookings): each visit asks the server once, and the page reads the answer from the cache. Errors are left to
 * the page, which asks again and shows them where it always has.
 */
export function preloadQuery<TData, TVariables extends OperationVariables>(
  client: ApolloClient,
  query: TypedDocumentNode<TData, TVariables>,
  options: { variables?: TVariables; fetchPolicy?: 'cache-first' | 'network-only' } = {},
): void {
  client.query({ query, ...options } as ApolloClient.QueryOptions<TData, TVariables>).catch(() => undefined);
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { escapeHtml } from '../common/html.js';
import { addDaysToDate, studioWallClock } from '../common/studio-time.js';
import { log } from '../logger.js';

/** A route's own first query, with the name of the variables a page without parameters starts from. */
export interface RouteData {
  query: string;
  variables: string;
}

/**
 * What the web build says a first load needs (web/vite/first-load.ts writes it to dist/.vite/first-load.json): the
 * query whose answer every page starts from and the id of the element it goes in; each route's chunks beyond the
 * entry's (none for routes behind sign-in), and for some routes their own first query, whose answer goes in the
 * element `routeElementId`.
 */
export interface FirstLoadManifest {
  query: string;
  elementId: string;
  routeElementId: string;
  routes: { path: string; modules: string[]; data?: RouteData }[];
}

/**
 * The variables a page starts from, by the name the web build gives them, computed as the web app does: an answer
 * for other variables would only be left unused (the app then asks itself).
 */
export const ROUTE_VARIABLES: Record<string, (timeZone: string, now: Date) => Record<string, unknown>> = {
  // The calendar's week: seven days from the studio's today (web: scheduleState.ts and visibleRange in dates.ts).
  'studio-week': (timeZone, now) => {
    const from = studioWallClock(now, timeZone).date;
    return { from, to: addDaysToDate(from, 6) };
  },
};

/** How long a page waits for the first-load answer; past it the page goes out without and the app asks itself. */
export const FIRST_LOAD_WAIT_MS = 500;

export function readFirstLoadManifest(webDist: string): FirstLoadManifest | null {
  const file = path.join(webDist, '.vite/first-load.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as FirstLoadManifest) : null;
}

const segments = (p: string) => p.split('/').filter(Boolean);

/**
 * The route the web app's router picks for `urlPath`: its paths match without regard to case or a trailing slash,
 * `:name` matches one segment, a path without parameters wins over one with, and `*` takes the rest.
 */
export function routeFor(manifest: FirstLoadManifest, urlPath: string): FirstLoadManifest['routes'][number] | undefined {
  const wanted = segments(urlPath.toLowerCase());
  let best: { route: FirstLoadManifest['routes'][number]; params: number } | undefined;
  for (const route of manifest.routes) {
    if (route.path === '*') continue;
    const pattern = segments(route.path.toLowerCase());
    if (pattern.length !== wanted.length) continue;
    if (!pattern.every((s, i) => s.startsWith(':') || s === wanted[i])) continue;
    const params = pattern.filter((s) => s.startsWith(':')).length;
    if (!best || params < best.params) best = { route, params };
  }
  return best?.route ?? manifest.routes.find((route) => route.path === '*');
}

/** JSON for a data block in HTML: `<`, `>` and `&` escaped, so no text in it can end the element or open a comment. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The page for a path, for a fast first load: `indexHtml` with the route's chunks as modulepreload links, so they
 * download beside the entry, and in JSON data blocks the answer to the first-load query and, for a route that names
 * one and an address without a query string (whose variables the app would read from it), the answer to the route's
 * own first query, so the app renders without waiting for either. `answer` runs a query as an anonymous visitor (the
 * page is the same for everyone; the app uses the route's answer only when nobody is signed in) and gives its data;
 * a failed or slow answer (past FIRST_LOAD_WAIT_MS) leaves its block out.
 */
export function firstLoadPages(
  indexHtml: string,
  manifest: FirstLoadManifest | null,
  answer: (query: string, variables?: Record<string, unknown>) => Promise<unknown>,
  timeZone: string,
  extraHead: (urlPath: string) => Promise<string | null> = async () => null,
): (urlPath: string, search: string) => Promise<string> {
  const withExtra = async (urlPath: string, html: string): Promise<string> => {
    const extra = await extraHead(urlPath).catch((err: unknown) => {
      log.warn('page tags left out of the page', { message: (err as Error).message });
      return null;
    });
    return extra ? html.replace('</head>', () => `  ${extra}\n  </head>`) : html;
  };
  if (!manifest) return (urlPath) => withExtra(urlPath, indexHtml);
  const withinWait = async (query: string, variables?: Record<string, unknown>): Promise<unknown> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>(
      (resolve) =>
        (timer = setTimeout(() => {
          log.warn(`first-load data left out of the page: no answer within ${FIRST_LOAD_WAIT_MS} ms`);
          resolve(null);
        }, FIRST_LOAD_WAIT_MS)),
    );
    try {
      return await Promise.race([
        answer(query, variables).catch((err: unknown) => {
          log.warn('first-load data left out of the page', { message: (err as Error).message });
          return null;
        }),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  };
  const block = (id: string, value: unknown) => `<script type="application/json" id="${escapeHtml(id)}">${jsonForHtml(value)}</script>`;

  return async (urlPath, search) => {
    const route = routeFor(manifest, urlPath === '/index.html' ? '/' : urlPath);
    const recipe = route?.data && !search ? ROUTE_VARIABLES[route.data.variables] : undefined;
    const variables = recipe?.(timeZone, new Date());
    const [data, routeData] = await Promise.all([
      withinWait(manifest.query),
      route?.data && variables ? withinWait(route.data.query, variables) : null,
    ]);
    const head = [
      ...(route?.modules ?? []).map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
      ...(data ? [block(manifest.elementId, data)] : []),
      ...(routeData ? [block(manifest.routeElementId, { variables, data: routeData })] : []),
    ];
    if (!head.length) return withExtra(urlPath, indexHtml);
    // A function, so `$&` and the like in the data are not read as replacement patterns.
    return withExtra(
      urlPath,
      indexHtml.replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`),
    );
  };
}

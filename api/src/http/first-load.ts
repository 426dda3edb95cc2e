import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { log } from '../logger.js';

/**
 * What the web build says a first load needs (web/vite/first-load.ts writes it to dist/.vite/first-load.json): the
 * query whose answer every page starts from, the id of the element it goes in, and each route's chunks beyond the
 * entry's (none for routes behind sign-in).
 */
export interface FirstLoadManifest {
  query: string;
  elementId: string;
  routes: { path: string; modules: string[] }[];
}

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

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The page for `urlPath` (issue 9, fast first load): `indexHtml` with the route's chunks as modulepreload links, so
 * they download beside the entry, and the answer to the first-load query in a JSON data block, so the app renders
 * without waiting for it. `answer` runs the query as an anonymous visitor (the page is the same for everyone) and
 * gives its data, or null; a slow or failed answer leaves the block out.
 */
export function firstLoadPages(
  indexHtml: string,
  manifest: FirstLoadManifest | null,
  answer: (query: string) => Promise<unknown>,
): (urlPath: string) => Promise<string> {
  if (!manifest) return async () => indexHtml;
  const { query, elementId } = manifest;
  const withinWait = async (): Promise<unknown> => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), FIRST_LOAD_WAIT_MS)));
    try {
      return await Promise.race([
        answer(query).catch((err: unknown) => {
          log.warn('first-load data left out of the page', { message: (err as Error).message });
          return null;
        }),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  };
  return async (urlPath) => {
    const modules = routeFor(manifest, urlPath === '/index.html' ? '/' : urlPath)?.modules ?? [];
    const data = await withinWait();
    const head = [
      ...modules.map((href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`),
      ...(data ? [`<script type="application/json" id="${escapeAttribute(elementId)}">${jsonForHtml(data)}</script>`] : []),
    ];
    if (!head.length) return indexHtml;
    // A function, so `$&` and the like in the data are not read as replacement patterns.
    return indexHtml.replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`);
  };
}

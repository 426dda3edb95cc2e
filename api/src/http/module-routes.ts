import express from 'express';
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { Services } from '../graphql/context.js';
import { requestScope, rootLogger } from '../logger.js';
import { exportRoutes } from '../exports/export.routes.js';
import { modules } from '../modules/index.js';
import type { AnyModule } from '../modules/module.js';
import type { DirectRoute, HttpRoute, PageHead } from '../modules/routes.js';
import { noStore } from './security.js';

const moduleList: readonly AnyModule[] = modules;
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * Every module's own routes (their descriptors' `httpRoutes`) and the downloads of their `exports`; two may not serve
 * the same method and path.
 */
export function moduleRoutes(services: Services): { direct: DirectRoute[]; express: HttpRoute[] } {
  const all = [...moduleList.flatMap((module) => module.httpRoutes?.(services) ?? []), ...exportRoutes(services)];
  const seen = new Set<string>();
  for (const route of all) {
    const name = `${route.method.toUpperCase()} ${route.path}`;
    if (seen.has(name)) throw new Error(`Two routes serve ${name}.`);
    seen.add(name);
  }
  return {
    direct: all.filter((route): route is DirectRoute => 'direct' in route),
    express: all.filter((route): route is HttpRoute => !('direct' in route)),
  };
}

/** The modules' Express routes, answering `Cache-Control: no-store` unless a handler sets its own (a file's). */
export function moduleRouter(routes: readonly HttpRoute[]): express.Router {
  const router = express.Router();
  for (const route of routes) router[route.method](route.path, noStore, (req, res) => route.handler(req, res));
  return router;
}

/**
 * Serves the direct routes on node:http ahead of Express, with what Express's middleware would have given their
 * answers: the security headers (`headers`, computed once), `X-Request-Id`, `Cache-Control: no-store`, the request's
 * log scope and one access line. Answers false for a request it does not serve, which the caller hands to Express.
 */
export function directListener(
  routes: readonly DirectRoute[],
  headers: readonly (readonly [string, string])[],
): (req: http.IncomingMessage, res: http.ServerResponse) => boolean {
  const byPath = new Map(routes.map((route) => [`${route.method} ${route.path}`, route]));
  return (req, res) => {
    if (!byPath.size) return false;
    const url = req.url ?? '';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const route = byPath.get(`${req.method} ${path}`);
    if (!route) return false;

    const started = process.hrtime.bigint();
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    for (const [name, value] of headers) res.setHeader(name, value);
    res.setHeader('X-Request-Id', requestId);
    res.setHeader('Cache-Control', 'no-store');
    res.once('finish', () => {
      const status = res.statusCode;
      const level = status >= 500 ? 'error' : 'info';
      if (rootLogger.isLevelEnabled(level))
        rootLogger[level](
          {
            requestId,
            req: { method: route.method, path },
            res: { status },
            responseTime: Number((process.hrtime.bigint() - started) / 1_000_000n),
          },
          status >= 500 ? 'request failed' : 'request',
        );
    });
    requestScope.run({ requestId }, () => route.handler(req, res));
    return true;
  };
}

/** The modules' extra <head> tags for one client route's page (see PageHead): the first pattern that matches answers. */
export function modulePageHeads(services: Services): (urlPath: string) => Promise<string | null> {
  const heads: PageHead[] = moduleList.flatMap((module) => module.pageHeads?.(services) ?? []);
  return async (urlPath) => {
    for (const { pattern, head } of heads) {
      const match = pattern.exec(urlPath);
      if (match) return head(match);
    }
    return null;
  };
}

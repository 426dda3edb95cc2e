import type { RequestHandler } from 'express';
import { randomUUID } from 'node:crypto';
import { pinoHttp } from 'pino-http';
import { requestScope, rootLogger } from '../logger.js';

/** A caller's own request id (a proxy's, say) is kept when it looks like one; otherwise we make one. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{8,64}$/;
const QUIET_PATHS = /^\/(healthz|readyz|assets\/|favicon)/;

/**
 * Gives every request an id (answered in `X-Request-Id`), runs the rest of the request inside its log scope so
 * every line logged while serving it carries `requestId`, and writes one access line when it ends. Paths are
 * logged without their query string (reset links carry tokens) and headers are never logged.
 */
export function requestLogging(): RequestHandler[] {
  const scope: RequestHandler = (req, res, next) => {
    const given = req.headers['x-request-id'];
    const requestId = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    requestScope.run({ requestId }, next);
  };
  const access = pinoHttp({
    logger: rootLogger,
    genReqId: () => requestScope.getStore()?.requestId ?? randomUUID(),
    autoLogging: { ignore: (req) => QUIET_PATHS.test(req.url ?? '') },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: () => 'request',
    customErrorMessage: () => 'request failed',
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, path: req.url.split('?')[0] }),
      res: (res: { statusCode: number }) => ({ status: res.statusCode }),
    },
  });
  return [scope, access];
}

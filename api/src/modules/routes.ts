import type { Request, Response } from 'express';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * One documented /api path, running exactly one GraphQL operation in-process against the same schema and
 * context, so access rules, validation and errors cannot differ between REST and GraphQL. Each module lists its own
 * in its descriptor; rest/facade.ts serves them all.
 */
export interface RestRoute {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  operation: string;
  variables?: (req: Request) => Record<string, unknown>;
  /** Picks the answer out of the operation's data; undefined/null answers 204. */
  result: (data: Record<string, unknown>) => unknown;
  /** A CSV download instead of JSON (the answer must be the CSV text). */
  csvFilename?: (req: Request) => string;
  /** A file instead of JSON, made from the answer `result` picked. */
  file?: (answer: unknown, req: Request) => RestFile;
  /** The body is the uploaded file's bytes as they are (any content type; `req.body` is a Buffer), up to `limit`. */
  rawBody?: { limit: string; tooLarge: string };
}

export interface RestFile {
  type: string;
  filename: string;
  content: Buffer;
  /** Shown by the browser (or read by a calendar app) rather than saved as a download. */
  inline?: boolean;
  /** Replaces the API's `no-store` for answers anyone may keep (a photo whose address changes with it). */
  cacheControl?: string;
}

/** The JSON body of a request, or an empty object. */
export const requestBody = (req: Request): Record<string, unknown> =>
  req.body && typeof req.body === 'object' && !Buffer.isBuffer(req.body) ? req.body : {};

/**
 * An HTTP route a module serves itself rather than through a GraphQL operation: a page (the test provider's checkout),
 * a file download streamed from storage, a webhook. Mounted by http/server.ts before the JSON parser and the REST
 * facade, with `Cache-Control: no-store` unless the handler sets its own.
 */
export interface HttpRoute {
  /** `all`: every method (a protocol the route speaks itself, e.g. tus uploads with HEAD, PATCH and DELETE). */
  method: 'get' | 'post' | 'all';
  /** The whole path in Express's syntax (`/api/product-images/:id/:size.webp`); GET routes answer HEAD too. */
  path: string;
  handler(req: Request, res: Response): Promise<void> | void;
}

/**
 * A route served on node:http ahead of Express, for one exact path and method (any query string): for a hot path
 * whose handler needs none of Express's middleware and reads its own body. The server gives its answer the API's
 * security headers, `X-Request-Id`, `Cache-Control: no-store` and the access log line, and runs it in the request's
 * log scope.
 */
export interface DirectRoute {
  direct: true;
  method: 'POST';
  path: string;
  handler(req: IncomingMessage, res: ServerResponse): void;
}

/**
 * Tags a module adds to the served page's <head> for the client routes it owns (Open Graph and Twitter card tags for
 * a shared video's page, read by link previews that run no JavaScript). `head` answers the tags, already escaped, or
 * null for none; the path's match is passed in.
 */
export interface PageHead {
  pattern: RegExp;
  head(match: RegExpExecArray): Promise<string | null>;
}

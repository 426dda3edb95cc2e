import type { Request } from 'express';

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

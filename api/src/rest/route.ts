import type { Request } from 'express';

/**
 * One documented /api path (spec §7), running exactly one GraphQL operation in-process against the same schema and
 * context, so access rules, validation and errors cannot differ between REST and GraphQL. Each module lists its own
 * in its descriptor; rest/facade.ts serves them all.
 */
export interface RestRoute {
  method: 'get' | 'post' | 'patch' | 'delete';
  path: string;
  operation: string;
  variables?: (req: Request) => Record<string, unknown>;
  /** Picks the answer out of the operation's data; undefined/null answers 204. */
  result: (data: Record<string, unknown>) => unknown;
  /** A CSV download instead of JSON (the answer must be the CSV text). */
  csvFilename?: (req: Request) => string;
  /** A file download instead of JSON, made from the answer `result` picked. */
  file?: (answer: unknown) => { type: string; filename: string; content: Buffer };
}

/** The JSON body of a request, or an empty object. */
export const requestBody = (req: Request): Record<string, unknown> => (req.body && typeof req.body === 'object' ? req.body : {});

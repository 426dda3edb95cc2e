import type { RequestHandler } from 'express';

/** Control characters (NUL among them): no id, name or file of the app holds one, and PostgreSQL cannot store NUL. */
const CONTROL_CHARACTER = /\p{Cc}/u;

/** Whether every segment of a request path decodes to text without control characters. */
export function isWellFormedPath(path: string): boolean {
  for (const segment of path.split('/')) {
    if (!segment.includes('%')) continue;
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return false; // not UTF-8 (a lone surrogate's bytes, a stray %)
    }
    if (CONTROL_CHARACTER.test(decoded)) return false;
  }
  return true;
}

/**
 * Refuses, before any route runs, a path whose parameters no record can match (a NUL byte, other control characters,
 * bytes that are not UTF-8): 404, as for any other address that names nothing. Such a value must never reach the
 * database, which would answer it with an error of its own.
 */
export const refuseMalformedPaths: RequestHandler = (req, res, next) => {
  if (isWellFormedPath(req.path)) return next();
  res.status(404).type('text/plain').send('Not found');
};

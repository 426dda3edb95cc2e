import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { log } from '../logger.js';
import type { ByteRange, FileStorage, OpenedFile } from './file-storage.js';

export interface ServeOptions {
  /** e.g. `public, max-age=31536000, immutable` for an address that never changes its answer. */
  cacheControl: string;
  /** The name a browser would save it under. */
  filename: string;
}

/**
 * Whether a Range request still applies to this file: without If-Range it does; with one, only when it names the
 * file's current ETag or a date not before its last change (else the whole, new file is sent). As `send` decides.
 */
function rangeStillApplies(req: Request, file: OpenedFile): boolean {
  const ifRange = req.get('if-range');
  if (!ifRange) return true;
  if (ifRange.includes('"')) return ifRange.includes(file.etag);
  return Math.floor(file.lastModified.getTime() / 1000) <= Math.floor(Date.parse(ifRange) / 1000);
}

/**
 * Serves a stored file as a stream: ETag and Last-Modified with conditional GET (304, Express's `req.fresh`), one
 * byte range (206 with Content-Range, or 416 with `Content-Range: bytes *\/size` when it lies past the end, by
 * Express's `req.range`, i.e. range-parser); several ranges, or a malformed Range header, get the whole file (200),
 * as `send` answers them. `X-Content-Type-Options: nosniff` always. HEAD gets the headers only. Answers false when
 * there is no such file, leaving the answer to the caller.
 */
export async function serveStoredFile(
  req: Request,
  res: Response,
  storage: FileStorage,
  key: string,
  options: ServeOptions,
): Promise<boolean> {
  const file = await storage.open(key);
  if (!file) return false;
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('ETag', file.etag);
  res.setHeader('Last-Modified', file.lastModified.toUTCString());
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', options.cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Disposition', `inline; filename="${options.filename.replace(/[^\w.-]/g, '_')}"`);

  let range: ByteRange | undefined;
  if (req.fresh) {
    res.status(304);
  } else if (req.headers.range && rangeStillApplies(req, file)) {
    const ranges = req.range(file.size, { combine: true });
    if (ranges === -1) {
      res.status(416).setHeader('Content-Range', `bytes */${file.size}`);
    } else if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
      range = { start: ranges[0].start, end: ranges[0].end };
      res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
    }
  }
  const status = res.statusCode;
  if (status === 304 || status === 416 || req.method === 'HEAD' || file.size === 0) {
    if (status === 416 || status === 304) res.removeHeader('Content-Disposition');
    if (status !== 304) res.setHeader('Content-Length', status === 416 ? 0 : range ? range.end - range.start + 1 : file.size);
    await file.close();
    res.end();
    return true;
  }
  res.setHeader('Content-Length', range ? range.end - range.start + 1 : file.size);
  try {
    await pipeline(await file.read(range), res);
  } catch (err) {
    // A client that went away mid-file is no fault; anything else is logged, and the cut answer shows the client.
    if ((err as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE')
      log.warn('a stored file could not be sent whole', { key, message: (err as Error).message });
    res.destroy();
  }
  return true;
}

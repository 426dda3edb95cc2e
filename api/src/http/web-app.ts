import compression from 'compression';
import express, { type RequestHandler, type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import path from 'node:path';

/**
 * Dynamic answers (GraphQL and REST JSON, the SPA's page) compressed once they pass 1 KB, brotli first. Streamed
 * answers are left alone: compression would hold their parts back until a buffer fills (incremental delivery and
 * HTTP subscriptions are multipart/mixed; server-sent events are text/event-stream). WebSocket upgrades never pass
 * through Express.
 */
export const compressAnswers: RequestHandler = compression({
  threshold: 1024,
  filter: (req, res) => {
    const type = String(res.getHeader('Content-Type') ?? '');
    if (/^(multipart\/|text\/event-stream)/i.test(type)) return false;
    return compression.filter(req, res);
  },
});

/** A path whose last segment has a file extension asks for a file, never for a client route. */
const looksLikeFile = (urlPath: string) => /\.[A-Za-z0-9]+$/.test(urlPath.slice(urlPath.lastIndexOf('/') + 1));

/** Files built by Vite, with their brotli and gzip copies (web/scripts/precompress.mjs) served when accepted. */
function precompressedFiles(root: string, serveStatic: NonNullable<expressStaticGzip.ExpressStaticGzipOptions['serveStatic']>) {
  return expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: { index: false, ...serveStatic },
  });
}

/**
 * The built SPA: hashed assets cached for a year, other files of web/dist (robots.txt, the manifest, icons) for an
 * hour, and the page itself revalidated on every load, for `/`, `/index.html` and every client route. `pageFor` makes
 * the page for a path (the studio's time zone, the route's chunks and its first data: see first-load.ts). A missing
 * file is a 404, not the page.
 */
export function webApp(webDist: string, pageFor: (urlPath: string, search: string) => Promise<string>): Router {
  const router = express.Router();
  const page: RequestHandler = async (req, res) => {
    const query = req.originalUrl.indexOf('?');
    const html = await pageFor(req.path, query < 0 ? '' : req.originalUrl.slice(query + 1));
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(html);
  };
  router.get('/index.html', compressAnswers, page);
  // Hashed file names change with their content, so a cached copy never goes stale. A bad asset path is a 4xx.
  router.use('/assets', precompressedFiles(path.join(webDist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  router.use(precompressedFiles(webDist, { maxAge: '1h' }));
  // History fallback: every other GET is a client-side route, unless it names a file that is not there.
  const clientRoute: RequestHandler = (req, res, next) => {
    if (looksLikeFile(req.path)) return void res.status(404).type('text/plain').send('Not found');
    next();
  };
  router.get(/.*/, clientRoute, compressAnswers, page);
  return router;
}

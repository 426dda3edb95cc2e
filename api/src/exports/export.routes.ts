import type { Request, Response } from 'express';
import type { Services } from '../graphql/context.js';
import { createContext } from '../graphql/context.js';
import { log } from '../logger.js';
import type { HttpRoute } from '../modules/routes.js';
import { exportPages, exportRowEstimate, writeCsv, writeJson } from './export-stream.js';

const UNAVAILABLE = 'The export could not be read right now. Please try again.';
const FILE = /^([a-z][a-z-]{0,40})\.(csv|json)$/;

function refuse(res: Response, status: number, message: string): void {
  res.status(status).type('text/plain').send(message);
}

/**
 * The signed-in person, or null. An API key is refused here (null): exports carry personal data wholesale and take no
 * scopes, so an integration reads the GraphQL API, whose fields its scopes gate.
 */
async function viewerOf(services: Services, req: Request) {
  const context = await createContext(services, { authorization: req.headers.authorization ?? null });
  return context.apiKey ? null : context.user;
}

/** Ends a download that failed midway so the browser reports it incomplete, instead of a file that looks whole. */
function abort(res: Response, err: unknown, what: string): void {
  log.error('export failed', { what, error: (err as Error).message });
  if (!res.headersSent) refuse(res, 503, UNAVAILABLE);
  else res.destroy();
}

/**
 * Downloads of the modules' export sources: `/api/export/<name>.csv|json` for admins (every row, streamed a page at
 * a time), and `/api/export/my-data.json` for any signed-in person: every source's rows about them and their family
 * members, in one JSON document.
 */
export function exportRoutes(services: Services): HttpRoute[] {
  const sources = services.exports;
  const today = () => new Date().toISOString().slice(0, 10);
  return [
    {
      method: 'get',
      path: '/api/export/my-data.json',
      handler: async (req, res) => {
        const viewer = await viewerOf(services, req).catch(() => undefined);
        if (viewer === undefined) return refuse(res, 503, UNAVAILABLE);
        if (!viewer) return refuse(res, 401, 'Please sign in to download your data.');
        const em = services.orm.em.fork();
        try {
          const family = await em
            .getConnection()
            .execute<{ id: string }[]>('select id from app_user where guardian_id = ? and removed_at is null', [viewer.id]);
          const people = [viewer.id, ...family.map((f) => f.id)];
          res.status(200).type('application/json').attachment(`my-studio-data-${today()}.json`);
          await new Promise<void>((resolve, reject) => {
            res.write(`{"exportedAt":${JSON.stringify(new Date().toISOString())}`, (err) => (err ? reject(err) : resolve()));
          });
          for (const source of sources.values()) {
            if (!source.person) continue;
            res.write(`,\n${JSON.stringify(source.name)}:`);
            await writeJson(res, exportPages(em, source, people), source);
          }
          res.end('}\n');
        } catch (err) {
          abort(res, err, 'my-data');
        }
      },
    },
    {
      method: 'get',
      path: '/api/export/:file',
      handler: async (req, res) => {
        const match = FILE.exec(String(req.params.file));
        const source = match ? sources.get(match[1]) : undefined;
        const viewer = await viewerOf(services, req).catch(() => undefined);
        if (viewer === undefined) return refuse(res, 503, UNAVAILABLE);
        if (!viewer) return refuse(res, 401, 'Please sign in to continue.');
        if (viewer.role !== 'admin') return refuse(res, 403, 'You do not have permission to do that.');
        if (!match || !source) return refuse(res, 404, 'There is no such export.');
        const em = services.orm.em.fork();
        try {
          res.setHeader('X-Export-Rows', String(await exportRowEstimate(em, source)));
          res
            .status(200)
            .type(match[2] === 'csv' ? 'text/csv; charset=utf-8' : 'application/json')
            .attachment(`${source.name}-${today()}.${match[2]}`);
          await (match[2] === 'csv' ? writeCsv : writeJson)(res, exportPages(em, source), source);
          res.end();
        } catch (err) {
          abort(res, err, source.name);
        }
      },
    },
  ];
}

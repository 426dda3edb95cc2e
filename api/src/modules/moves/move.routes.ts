import { isUUID } from 'class-validator';
import type { MikroORM } from '@mikro-orm/postgresql';
import { serveStoredFile, type FileStorage } from '../../storage/index.js';
import type { HttpRoute } from '../routes.js';
import { versionOf, type MoveImages } from './move-image.js';

/** Moves' pictures, streamed from storage to anyone (an <img> sends no token; a picture of a pose is not private). */
export const moveHttpRoutes = ({ orm, storage, images }: { orm: MikroORM; storage: FileStorage; images: MoveImages }): HttpRoute[] => [
  {
    method: 'get',
    path: '/api/moves/:id/image',
    handler: async (req, res) => {
      const id = String(req.params.id);
      const key = isUUID(id) ? await images.keyOf(orm.em.fork(), id) : null;
      const version = key && versionOf(key);
      // The address names its version (Move.imageUrl): that address never changes its answer; any other is revalidated.
      const served =
        key &&
        (await serveStoredFile(req, res, storage, key, {
          cacheControl: req.query.v === version ? 'public, max-age=31536000, immutable' : 'public, no-cache',
          filename: 'move.webp',
        }));
      if (!served) res.status(404).type('text/plain').send('Not found');
    },
  },
];

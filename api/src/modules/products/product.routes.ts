import { isUUID } from 'class-validator';
import { serveStoredFile, type FileStorage } from '../../storage/index.js';
import type { HttpRoute } from '../routes.js';
import { imageKey } from './product-image.js';

/** Product pictures, streamed from storage to anyone (the shop shows them signed out too). */
export const productHttpRoutes = ({ storage }: { storage: FileStorage }): HttpRoute[] => [
  {
    method: 'get',
    path: '/api/product-images/:id/:size.webp',
    // An image id is never reused and its files never change: the address may be kept for good. The files are the
    // truth: removing an image deletes them, so no database read is needed to serve one.
    handler: async (req, res) => {
      const id = String(req.params.id);
      const size = String(req.params.size);
      if (size !== 'full' && size !== 'thumb') return void res.status(400).type('text/plain').send('size: Choose full or thumb.');
      const served =
        isUUID(id) &&
        (await serveStoredFile(req, res, storage, imageKey(id.toLowerCase(), size), {
          cacheControl: 'public, max-age=31536000, immutable',
          filename: `${size}.webp`,
        }));
      if (!served) res.status(404).type('text/plain').send('Not found');
    },
  },
];

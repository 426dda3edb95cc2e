import { isUUID } from 'class-validator';
import type { MikroORM } from '@mikro-orm/postgresql';
import { serveStoredFile, type FileStorage } from '../../storage/index.js';
import type { HttpRoute } from '../routes.js';
import { UPLOADS_PATH, type VideoUploads } from './video-uploads.js';
import type { VideoService } from './videos.service.js';

/**
 * A video's file and poster from its signed address (`<video>` and `<img>` send no token): the signature and expiry
 * first, then the video and the grant looked up again on every request, then the stored file as a stream with
 * Range, ETag and If-Range (storage/serve.ts). Anything refused is a plain 404: an address tells nothing about a video
 * it no longer opens.
 */
export const videoHttpRoutes = ({
  orm,
  storage,
  videos,
  uploads,
}: {
  orm: MikroORM;
  storage: FileStorage;
  videos: VideoService;
  uploads: VideoUploads;
}): HttpRoute[] => {
  const serve =
    (what: 'file' | 'poster'): HttpRoute['handler'] =>
    async (req, res) => {
      const id = String(req.params.id).toLowerCase();
      const grant = isUUID(id) ? videos.addresses.verify(id, req.query as Record<string, unknown>) : null;
      // A shared video's poster needs no signature while its page is open: link previews fetch it later.
      const video = grant
        ? await videos.servable(orm.em.fork(), id, grant)
        : what === 'poster' && isUUID(id)
          ? await videos.shared(orm.em.fork(), id)
          : null;
      const key = what === 'file' ? video?.fileKey : video?.posterKey;
      const served =
        key &&
        (await serveStoredFile(req, res, storage, key, {
          // A signed address is one viewer's for minutes: never kept by a shared cache.
          cacheControl: 'private, max-age=300',
          filename: what === 'file' ? `video.${key.split('.').pop()}` : `poster.${key.split('.').pop()}`,
        }));
      if (!served) res.status(404).type('text/plain').send('Not found');
    };
  return [
    { method: 'get', path: '/media/videos/:id', handler: serve('file') },
    { method: 'get', path: '/media/videos/:id/poster', handler: serve('poster') },
    // tus: creation (POST), offset (HEAD), parts (PATCH), cancel (DELETE), its OPTIONS.
    { method: 'all', path: UPLOADS_PATH, handler: (req, res) => uploads.server.handle(req, res) },
    { method: 'all', path: `${UPLOADS_PATH}/:uploadId`, handler: (req, res) => uploads.server.handle(req, res) },
  ];
};

import { isUUID } from 'class-validator';
import type { MikroORM } from '@mikro-orm/postgresql';
import { serveStoredFile, type FileStorage } from '../../storage/index.js';
import type { HttpRoute } from '../routes.js';
import { photoVersion } from './person-summary.js';
import { photoKey } from './photo-image.js';
import type { UserService } from './user.service.js';

/** Instructor and teacher photos, streamed from storage to anyone (the public schedule shows them). */
export const userHttpRoutes = ({ orm, storage, users }: { orm: MikroORM; storage: FileStorage; users: UserService }): HttpRoute[] => [
  {
    method: 'get',
    path: '/api/instructors/:id/photo',
    handler: async (req, res) => {
      const id = String(req.params.id);
      const person = isUUID(id) ? await users.photoOwner(orm.em.fork(), id) : null;
      const version = person && photoVersion(person.photoUpdatedAt);
      // The photo's address names its version (PersonSummary.photoUrl): that address never changes its answer; any
      // other (no version, or an old one) answers the current photo and is revalidated.
      const served =
        person &&
        (await serveStoredFile(req, res, storage, photoKey(person.id, person.photoUpdatedAt), {
          cacheControl: req.query.v === version ? 'public, max-age=31536000, immutable' : 'public, no-cache',
          filename: 'instructor-photo.webp',
        }));
      if (!served) res.status(404).type('text/plain').send('Not found');
    },
  },
];

import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../graphql/errors.js';
import { log } from '../../logger.js';
import type { FileStorage } from '../../storage/index.js';
import { storedPicture, type PictureShape } from '../users/photo-image.js';
import type { User } from '../users/user.entity.js';
import { Move } from './move.entity.js';
import { assertMayManageMoves } from './move.policy.js';

/** A move's picture: the whole position, scaled to fit a card on a 2x screen (a crop could cut off a hand or a foot). */
const MOVE_IMAGE: PictureShape = { width: 960, height: 960, fit: 'inside', field: 'image' };

/** Each upload is a new file (never an overwrite), so its address can be cached for good. */
const imageKeyOf = (moveId: string, version: string) => `moves/${moveId}/image-${version}.webp`;
export const versionOf = (key: string) => /image-([a-z0-9]+)\.webp$/.exec(key)?.[1] ?? '';

/** Where a move's image is served (GET, no sign-in: an <img> sends no token); a new address whenever it changes. */
export function moveImagePath(move: Pick<Move, 'id' | 'imageKey'>): string | null {
  return move.imageKey ? `/api/moves/${move.id}/image?v=${versionOf(move.imageKey)}` : null;
}

/** Admins set and remove a move's picture; anyone may see it (moves.routes.ts). */
export class MoveImages {
  constructor(private readonly storage: FileStorage) {}

  async set(em: EntityManager, actor: User, moveId: string, bytes: Buffer): Promise<Move> {
    assertMayManageMoves(actor);
    const move = await this.find(em, moveId);
    const { content, contentType } = await storedPicture(bytes, MOVE_IMAGE);
    const key = imageKeyOf(move.id, Date.now().toString(36) + Math.random().toString(36).slice(2, 6));
    await this.storage.put(key, content, contentType);
    const previous = move.imageKey;
    try {
      await em.nativeUpdate(Move, { id: move.id }, { imageKey: key });
    } catch (err) {
      await this.deleteFile(key);
      throw err;
    }
    move.imageKey = key;
    if (previous) await this.deleteFile(previous);
    return move;
  }

  async remove(em: EntityManager, actor: User, moveId: string): Promise<Move> {
    assertMayManageMoves(actor);
    const move = await this.find(em, moveId);
    const previous = move.imageKey;
    await em.nativeUpdate(Move, { id: move.id }, { imageKey: null });
    move.imageKey = null;
    if (previous) await this.deleteFile(previous);
    return move;
  }

  /** The storage key of a move's current image, or null. */
  async keyOf(em: EntityManager, moveId: string): Promise<string | null> {
    const move = await em.findOne(Move, { id: moveId }, { fields: ['imageKey'] });
    return move?.imageKey ?? null;
  }

  private async find(em: EntityManager, moveId: string): Promise<Move> {
    const move = await em.findOne(Move, { id: moveId }, { populate: ['apparatus'] });
    if (!move) throw notFound('That move');
    return move;
  }

  /** A file no move points to any more; one left behind costs only space. */
  private async deleteFile(key: string): Promise<void> {
    await this.storage
      .delete(key)
      .catch((err: Error) => log.warn('could not delete a move image; it is left behind', { key, message: err.message }));
  }
}

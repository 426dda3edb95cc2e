import type { EntityManager } from '@mikro-orm/postgresql';
import type { FileStorage } from '../../storage/index.js';
import { badInput, notFound } from '../../graphql/errors.js';
import { Apparatus } from '../classes/apparatus.entity.js';
import { Membership, MembershipStatus } from '../memberships/membership.entity.js';
import { Move } from '../moves/move.entity.js';
import type { MoveService } from '../moves/move.service.js';
import type { StudentMove } from '../moves/move.types.js';
import { isStaff } from '../users/role.js';
import { User } from '../users/user.entity.js';
import { storedPicture } from '../users/photo-image.js';
import type { VideoAddresses } from './video-address.js';
import { POSTER, posterKeyOf } from './video-processing.js';
import { Video, VideoCollection, VideoCollectionItem, VideoProcessing, VideoPurpose, VideoWatch } from './video.entity.js';
import { lockApplies, mayWatch } from './video.policy.js';
import type {
  SharedVideo,
  VideoCard,
  VideoCollectionInput,
  VideoInput,
  VideoLibrary,
  VideoLibraryArgs,
  VideoSharingInput,
  VideoView,
} from './videos.types.js';

/** A viewer: the signed-in user, or null for the signed out. */
type Viewer = User | null;

/** The grant of an address handed out by the public share page (not a user's). */
export const SHARE_GRANT = 'share';

/** A position this close to the end counts as finished (no resume prompt, not in "continue watching"). */
const FINISHED_WITHIN_SECONDS = 10;

/**
 * The video library: who may watch what (video.policy.ts), the prerequisite lock read from the moves module, signed
 * playback addresses, watch positions, collections, sharing, and the admin's changes.
 */
export class VideoService {
  constructor(
    private readonly moves: MoveService,
    private readonly storage: FileStorage,
    readonly addresses: VideoAddresses,
  ) {}

  /** The membership plans a viewer is on, themselves or through the parent whose family plan covers them. */
  async planIdsOf(em: EntityManager, viewer: Viewer): Promise<string[]> {
    if (!viewer) return [];
    const holders = [viewer.id, ...(viewer.guardian ? [viewer.guardian.id] : [])];
    const rows = await em.find(
      Membership,
      { holder: { $in: holders }, status: { $in: [MembershipStatus.active, MembershipStatus.past_due] } },
      // Partial rows stay out of the request's identity map: a later read of the same membership would get them.
      { fields: ['plan'], disableIdentityMap: true },
    );
    return rows.map((m) => m.plan.id);
  }

  /** The prerequisite moves of a video's moves that are not signed off for the viewer (every side). */
  async missingPrerequisites(em: EntityManager, viewerId: string, video: Video): Promise<Move[]> {
    if (!video.moveIds.length) return [];
    // Outside the identity map: Video.moves would otherwise answer these partial moves, without their names.
    const linked = await em.find(Move, { id: { $in: video.moveIds } }, { fields: ['prerequisiteIds'], disableIdentityMap: true });
    const prerequisites = [...new Set(linked.flatMap((m) => m.prerequisiteIds))];
    if (!prerequisites.length) return [];
    const signed = await em.getConnection().execute<{ move_id: string }[]>(
      `select move_id from move_progress where student_id = ? and move_id = any(?::uuid[])
        group by move_id having bool_and(state = 'signed_off')`,
      [viewerId, `{${prerequisites.join(',')}}`],
      'all',
    );
    const done = new Set(signed.map((r) => r.move_id));
    const missing = prerequisites.filter((id) => !done.has(id));
    return missing.length ? em.find(Move, { id: { $in: missing } }, { orderBy: { level: 'asc', name: 'asc' } }) : [];
  }

  /** 'denied' (as if it did not exist), 'locked' (listed, not played) or 'open'. */
  async standing(em: EntityManager, viewer: Viewer, video: Video, planIds?: string[]): Promise<'denied' | 'locked' | 'open'> {
    if (!video.watchable() && !(viewer && isStaff(viewer))) return 'denied';
    const needsPlans = video.access === 'plans' && viewer && !isStaff(viewer);
    const facts = { planIds: planIds ?? (needsPlans ? await this.planIdsOf(em, viewer) : []) };
    if (!mayWatch(viewer, video, facts)) return 'denied';
    if (viewer && lockApplies(viewer, video) && (await this.missingPrerequisites(em, viewer.id, video)).length) return 'locked';
    if (!viewer && video.unlockedByPrerequisites) return 'denied';
    return 'open';
  }

  private async videoFor(em: EntityManager, id: string): Promise<Video> {
    const video = await em.findOne(Video, { id }, { populate: ['owner'] });
    if (!video) throw notFound('That video');
    return video;
  }

  /** The poster's address: signed for this viewer (a shared video's poster is public while sharing is on). */
  posterUrl(video: Video, grant: string): string | null {
    return video.posterKey ? `/media/videos/${video.id}/poster?${this.addresses.sign(video.id, grant)}` : null;
  }

  /** The address `<video>` plays it from, signed for this viewer. */
  playbackUrl(video: Video, grant: string): string {
    return `/media/videos/${video.id}?${this.addresses.sign(video.id, grant)}`;
  }

  /** The player's view of one video; a video the viewer may not watch is not found. */
  async view(em: EntityManager, viewer: User, id: string): Promise<VideoView> {
    const video = await this.videoFor(em, id);
    const standing = await this.standing(em, viewer, video);
    if (standing === 'denied') throw notFound('That video');
    const locked = standing === 'locked';
    const watch = await em.findOne(VideoWatch, { user: viewer.id, video: video.id });
    const moves: StudentMove[] = [];
    for (const moveId of video.moveIds) {
      try {
        moves.push(await this.moves.standings.studentMoveNow(em, viewer.id, moveId));
      } catch {
        // An archived or removed move is no longer shown.
      }
    }
    const playable = !locked && video.watchable();
    return {
      video,
      locked,
      unlockedBy: locked ? await this.missingPrerequisites(em, viewer.id, video) : [],
      playbackUrl: playable ? this.playbackUrl(video, viewer.id) : null,
      playbackExpiresAt: playable ? new Date(Date.now() + this.addresses.ttlSeconds * 1000) : null,
      posterUrl: this.posterUrl(video, viewer.id),
      positionSeconds: watch?.positionSeconds ?? null,
      moves,
    };
  }

  /** The library: the videos a viewer may see (locked ones too), filtered; continue watching; collections. */
  async library(em: EntityManager, viewer: User, args: VideoLibraryArgs): Promise<VideoLibrary> {
    const where: Record<string, unknown> = { purpose: VideoPurpose.library };
    if (!isStaff(viewer)) Object.assign(where, { processing: { $ne: VideoProcessing.awaiting_upload }, fileKey: { $ne: null } });
    if (args.apparatusId) where.apparatus = args.apparatusId;
    if (args.level) where.level = args.level;
    if (args.moveId) where.moveIds = { $contains: [args.moveId] };
    if (args.search?.trim()) {
      const like = `%${args.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.$or = [{ title: { $ilike: like } }, { description: { $ilike: like } }];
    }
    const all = await em.find(Video, where, { orderBy: { createdAt: 'desc' }, limit: 200 });
    const planIds = await this.planIdsOf(em, viewer);
    const watches = await em.find(VideoWatch, { user: viewer.id }, { orderBy: { updatedAt: 'desc' }, limit: 200 });
    const positions = new Map(watches.map((w) => [w.video.id, w.positionSeconds]));
    const cards = new Map<string, VideoCard>();
    const cardOf = async (video: Video): Promise<VideoCard | null> => {
      const known = cards.get(video.id);
      if (known) return known;
      const standing = await this.standing(em, viewer, video, planIds);
      if (standing === 'denied') return null;
      const card = {
        video,
        locked: standing === 'locked',
        posterUrl: this.posterUrl(video, viewer.id),
        positionSeconds: positions.get(video.id) ?? null,
      };
      cards.set(video.id, card);
      return card;
    };
    const videos = (await Promise.all(all.map(cardOf))).filter((c): c is VideoCard => c !== null);
    const watchedVideos = watches.length
      ? await em.find(Video, { id: { $in: watches.map((w) => w.video.id) }, purpose: VideoPurpose.library })
      : [];
    const byId = new Map(watchedVideos.map((v) => [v.id, v]));
    const continueWatching: VideoCard[] = [];
    for (const w of watches) {
      const video = byId.get(w.video.id);
      if (!video || w.positionSeconds < 1) continue;
      if (video.durationSeconds && w.positionSeconds > video.durationSeconds - FINISHED_WITHIN_SECONDS) continue;
      const card = await cardOf(video);
      if (card && !card.locked) continueWatching.push(card);
      if (continueWatching.length >= 12) break;
    }
    const collections = await em.find(VideoCollection, {}, { orderBy: { createdAt: 'asc' }, limit: 50 });
    const items = collections.length
      ? await em.find(
          VideoCollectionItem,
          { collection: { $in: collections.map((c) => c.id) } },
          { populate: ['video'], orderBy: { position: 'asc' } },
        )
      : [];
    const views = [];
    for (const collection of collections) {
      const cardsOf = [];
      for (const item of items.filter((i) => i.collection.id === collection.id)) {
        const card = await cardOf(item.video);
        if (card) cardsOf.push(card);
      }
      if (cardsOf.length) views.push({ id: collection.id, title: collection.title, description: collection.description, videos: cardsOf });
    }
    return { videos, continueWatching, collections: views };
  }

  /** Where the viewer stopped (saved every few seconds while playing). */
  async savePosition(em: EntityManager, viewer: User, videoId: string, seconds: number): Promise<number> {
    const video = await this.videoFor(em, videoId);
    if ((await this.standing(em, viewer, video)) !== 'open') throw notFound('That video');
    if (!Number.isFinite(seconds) || seconds < 0) throw badInput('A position is a number of seconds.');
    const position = video.durationSeconds ? Math.min(seconds, video.durationSeconds) : seconds;
    await em.getConnection().execute(
      `insert into video_watch (id, user_id, video_id, position_seconds, updated_at) values (gen_random_uuid(), ?, ?, ?, now())
       on conflict (user_id, video_id) do update set position_seconds = excluded.position_seconds, updated_at = now()`,
      [viewer.id, video.id, position],
      'run',
    );
    return position;
  }

  /**
   * Whether a signed address may still be served: the video is there with its file, and the grant it names is still
   * good: the share page's while sharing is open, a user's while that user may watch it (looked up again each time).
   */
  async servable(em: EntityManager, videoId: string, grant: string): Promise<Video | null> {
    const video = await em.findOne(Video, { id: videoId }, { populate: ['owner'] });
    if (!video?.fileKey) return null;
    if (grant === SHARE_GRANT) return video.sharedNow() ? video : null;
    const viewer = await em.findOne(User, { id: grant, removedAt: null }, { populate: ['guardian'] });
    if (!viewer) return null;
    return (await this.standing(em, viewer, video)) === 'open' ? video : null;
  }

  // --- Sharing ---------------------------------------------------------------------------------------------------

  /** A video whose public page is open now (sharing on, unexpired, not revoked, its file there), else null. */
  async shared(em: EntityManager, id: string): Promise<Video | null> {
    const video = await em.findOne(Video, { id, purpose: VideoPurpose.library });
    return video?.sharedNow() && video.fileKey ? video : null;
  }

  /** A shared video's public page, counting the view; null (nothing about it) unless its page is open. */
  async openShare(em: EntityManager, id: string): Promise<SharedVideo | null> {
    const video = await this.shared(em, id);
    if (!video) return null;
    await em.getConnection().execute('update video set share_views = share_views + 1 where id = ?', [id], 'run');
    return {
      id: video.id,
      title: video.title,
      description: video.description,
      playbackUrl: this.playbackUrl(video, SHARE_GRANT),
      posterUrl: video.posterKey ? `/media/videos/${video.id}/poster` : null,
      durationSeconds: video.durationSeconds,
    };
  }

  async setSharing(em: EntityManager, id: string, input: VideoSharingInput): Promise<Video> {
    const video = await this.videoFor(em, id);
    if (video.purpose !== VideoPurpose.library) throw badInput('Evidence clips cannot be shared.');
    if (input.expiresAt && input.expiresAt.getTime() <= Date.now())
      throw badInput('Choose an expiry in the future.', { expiresAt: 'Choose a time in the future.' });
    video.sharing = input.sharing;
    video.shareExpiresAt = input.expiresAt ?? null;
    // Turning sharing on again opens a new share: the revocation belongs to the old one.
    if (input.sharing) video.shareRevokedAt = null;
    await em.flush();
    return video;
  }

  /** Stops the public page and every address it handed out at once (the media route reads the row each time). */
  async revokeShare(em: EntityManager, id: string): Promise<Video> {
    const video = await this.videoFor(em, id);
    video.sharing = false;
    video.shareRevokedAt = new Date();
    await em.flush();
    return video;
  }

  // --- Admin -----------------------------------------------------------------------------------------------------

  async adminList(em: EntityManager): Promise<Video[]> {
    return em.find(Video, { purpose: VideoPurpose.library }, { orderBy: { createdAt: 'desc' }, limit: 500 });
  }

  private async apply(em: EntityManager, video: Video, input: VideoInput): Promise<void> {
    const moveIds = [...new Set(input.moveIds)];
    if (moveIds.length && (await em.count(Move, { id: { $in: moveIds } })) !== moveIds.length)
      throw badInput('Choose moves of the catalogue.', { moveIds: 'Choose moves of the catalogue.' });
    if (input.access === 'plans' && !input.planIds.length)
      throw badInput('Choose the plans whose members may watch it.', { planIds: 'Choose at least one plan.' });
    video.title = input.title.trim();
    video.description = input.description.trim();
    video.apparatus = input.apparatusId ? em.getReference(Apparatus, input.apparatusId) : null;
    if (input.apparatusId && !(await em.count(Apparatus, { id: input.apparatusId })))
      throw badInput('Choose an apparatus of the studio.', { apparatusId: 'Choose an apparatus.' });
    video.level = input.level ?? null;
    video.moveIds = moveIds;
    video.access = input.access;
    video.planIds = input.access === 'plans' ? [...new Set(input.planIds)] : [];
    video.unlockedByPrerequisites = input.unlockedByPrerequisites;
  }

  async create(em: EntityManager, actor: User, input: VideoInput): Promise<Video> {
    const video = em.create(Video, { title: input.title.trim(), createdBy: actor });
    await this.apply(em, video, input);
    await em.flush();
    return video;
  }

  async update(em: EntityManager, id: string, input: VideoInput): Promise<Video> {
    const video = await this.videoFor(em, id);
    await this.apply(em, video, input);
    await em.flush();
    return video;
  }

  /** An admin's poster (JPEG, PNG or WebP by its bytes, at most 5 MB, decodable), stored as WebP; the old one goes. */
  async setPoster(em: EntityManager, id: string, bytes: Buffer): Promise<Video> {
    const video = await this.videoFor(em, id);
    const { content, contentType } = await storedPicture(bytes, POSTER);
    const key = posterKeyOf(video.id);
    await this.storage.put(key, content, contentType);
    const previous = video.posterKey;
    video.posterKey = key;
    try {
      await em.flush();
    } catch (err) {
      await this.storage.delete(key);
      throw err;
    }
    if (previous) await this.storage.delete(previous);
    return video;
  }

  async removePoster(em: EntityManager, id: string): Promise<Video> {
    const video = await this.videoFor(em, id);
    const previous = video.posterKey;
    video.posterKey = null;
    await em.flush();
    if (previous) await this.storage.delete(previous);
    return video;
  }

  /** Deletes the video and its files. */
  async remove(em: EntityManager, id: string): Promise<boolean> {
    const video = await this.videoFor(em, id);
    const keys = [video.fileKey, video.posterKey].filter((k): k is string => k !== null);
    await em.removeAndFlush(video);
    await Promise.all(keys.map((key) => this.storage.delete(key)));
    return true;
  }

  async collections(em: EntityManager): Promise<{ collection: VideoCollection; videoIds: string[] }[]> {
    const collections = await em.find(VideoCollection, {}, { orderBy: { createdAt: 'asc' } });
    const items = await em.find(VideoCollectionItem, {}, { orderBy: { position: 'asc' } });
    return collections.map((collection) => ({
      collection,
      videoIds: items.filter((i) => i.collection.id === collection.id).map((i) => i.video.id),
    }));
  }

  async saveCollection(em: EntityManager, input: VideoCollectionInput): Promise<VideoCollection> {
    const videoIds = [...new Set(input.videoIds)];
    return em.transactional(async (tx) => {
      const collection = input.id
        ? await tx.findOne(VideoCollection, { id: input.id })
        : tx.create(VideoCollection, { title: input.title.trim() });
      if (!collection) throw notFound('That collection');
      if (videoIds.length && (await tx.count(Video, { id: { $in: videoIds }, purpose: VideoPurpose.library })) !== videoIds.length)
        throw badInput('Choose videos of the library.', { videoIds: 'Choose videos of the library.' });
      collection.title = input.title.trim();
      collection.description = input.description.trim();
      await tx.flush();
      await tx.nativeDelete(VideoCollectionItem, { collection: collection.id });
      videoIds.forEach((videoId, position) =>
        tx.create(VideoCollectionItem, { collection, video: tx.getReference(Video, videoId), position }),
      );
      await tx.flush();
      return collection;
    });
  }

  async deleteCollection(em: EntityManager, id: string): Promise<boolean> {
    return (await em.nativeDelete(VideoCollection, { id })) > 0;
  }
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { EVIDENCE_CLIP_MAX_BYTES } from '@studio/rules';
import { badInput, conflict, forbidden, notFound } from '../../graphql/errors.js';
import { SignOffRequest } from '../moves/move-progress.entity.js';
import { mayRequestSignOff } from '../moves/move.policy.js';
import type { User } from '../users/user.entity.js';
import { UPLOADS_PATH } from './video-uploads.js';
import { Video, VideoAccess, VideoProcessing, VideoPurpose } from './video.entity.js';
import type { VideoService } from './videos.service.js';
import type { EvidenceClip, EvidenceClipArgs, EvidenceClipUpload } from './videos.types.js';

/**
 * Evidence clips: a student (or their parent) films an attempt and attaches it to their open sign-off request. The
 * clip is a Video of purpose `evidence` with its student and request: never in the library, watched only by the
 * student, their parent and staff (video.policy.ts), its file uploaded with the library's tus endpoint.
 */
export class EvidenceClips {
  constructor(private readonly videos: VideoService) {}

  /**
   * Makes a clip ready for its file. Refused for someone else's request, a closed one, or one with a clip already
   * uploaded; a clip begun and never uploaded is replaced by the new one.
   */
  async start(em: EntityManager, actor: User, args: EvidenceClipArgs): Promise<EvidenceClipUpload> {
    if (args.size !== undefined && args.size > EVIDENCE_CLIP_MAX_BYTES)
      throw badInput('An evidence clip may be at most 100 MB.', { size: 'Choose a clip of at most 100 MB.' });
    return em.transactional(async (tx) => {
      const request = await tx.findOne(SignOffRequest, { id: args.requestId }, { populate: ['student.guardian', 'move.apparatus'] });
      if (!request) throw notFound('That sign-off request');
      if (!mayRequestSignOff(actor, request.student))
        throw forbidden('Only the student or their parent can attach a clip to a sign-off request.');
      if (request.closedAt) throw conflict('That sign-off request is closed: ask for a sign-off again to attach a clip.');
      const earlier = await tx.find(Video, { signOffRequest: request.id, purpose: VideoPurpose.evidence });
      if (earlier.some((v) => v.processing !== VideoProcessing.awaiting_upload)) throw conflict('This request has its clip already.');
      earlier.forEach((v) => tx.remove(v));
      const video = tx.create(Video, {
        title: `${request.move.name} (evidence)`,
        purpose: VideoPurpose.evidence,
        access: VideoAccess.staff,
        owner: request.student,
        signOffRequest: request.id,
        createdBy: actor,
      });
      await tx.flush();
      return { videoId: video.id, uploadUrl: UPLOADS_PATH, maxBytes: EVIDENCE_CLIP_MAX_BYTES, request };
    });
  }

  /** The uploaded clip of each request (the newest), in one query. */
  async ofRequests(em: EntityManager, requestIds: readonly string[]): Promise<Map<string, Video>> {
    const clips = await em.find(
      Video,
      { signOffRequest: { $in: [...requestIds] }, purpose: VideoPurpose.evidence, processing: { $ne: VideoProcessing.awaiting_upload } },
      { populate: ['owner'], orderBy: { createdAt: 'desc' } },
    );
    const byRequest = new Map<string, Video>();
    for (const clip of clips) if (!byRequest.has(clip.signOffRequest!)) byRequest.set(clip.signOffRequest!, clip);
    return byRequest;
  }

  /** A clip as one viewer sees it: its address only for those the watching rule lets in. */
  async view(em: EntityManager, viewer: User, clip: Video): Promise<EvidenceClip> {
    const open = (await this.videos.standing(em, viewer, clip)) === 'open' && clip.watchable();
    return {
      id: clip.id,
      processing: clip.processing,
      processingProgress: clip.processingProgress,
      durationSeconds: clip.durationSeconds,
      playbackUrl: open ? this.videos.playbackUrl(clip, viewer.id) : null,
      posterUrl: open ? this.videos.posterUrl(clip, viewer.id) : null,
    };
  }
}

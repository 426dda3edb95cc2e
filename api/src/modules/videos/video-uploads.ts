import { Server, type ServerOptions } from '@tus/server';
import { FileStore } from '@tus/file-store';
import type { Upload } from '@tus/utils';
import type { MikroORM } from '@mikro-orm/postgresql';
import { EVIDENCE_CLIP_MAX_BYTES, VIDEO_TYPES, videoExtensionOf } from '@studio/rules';
import { isUUID } from 'class-validator';
import path from 'node:path';
import { log } from '../../logger.js';
import type { FileStorage } from '../../storage/index.js';
import type { AuthService } from '../auth/auth.service.js';
import { bearerToken } from '../../graphql/context.js';
import { isAdmin } from '../users/role.js';
import { checkVideoBytes, probe } from './video-bytes.js';
import { PLAYABLE_EVERYWHERE, planFor, type VideoProcessor } from './video-processing.js';
import { Video, VideoProcessing, VideoPurpose } from './video.entity.js';

export const UPLOADS_PATH = '/api/uploads/videos';

type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];
const refusal = (status_code: number, body: string) => ({ status_code, body });

/**
 * Resumable uploads of videos over tus (creation, HEAD for the offset, PATCH, termination): an admin uploads a library
 * video's file after creating its record (`createVideo`), a student or parent an evidence clip's after attaching it
 * (`startEvidenceClip`), naming it in the upload's metadata (`videoId`, `filename`).
 * The parts land under DATA_DIR/tus-uploads; a finished upload is checked by its bytes (the container its extension
 * names, its boxes or header running to the end of the file, a video stream when ffprobe is installed), then moved
 * into the core storage and the video marked ready. A refused or cancelled upload leaves nothing behind.
 */
export class VideoUploads {
  readonly server: Server;
  private readonly store: FileStore;

  constructor(
    private readonly deps: {
      orm: MikroORM;
      storage: FileStorage;
      auth: AuthService;
      dataDir: string;
      maxBytes: number;
      processor: VideoProcessor;
    },
  ) {
    this.store = new FileStore({ directory: path.join(deps.dataDir, 'tus-uploads') });
    this.server = new Server({
      path: UPLOADS_PATH,
      datastore: this.store,
      maxSize: deps.maxBytes,
      relativeLocation: true,
      onIncomingRequest: (req, uploadId) => this.authorise(req, uploadId),
      onUploadCreate: (req, upload) => this.created(req, upload),
      onUploadFinish: (_req, upload) => this.finished(upload),
    } as ServerOptions & { datastore: FileStore });
  }

  private async userOf(req: TusRequest) {
    const token = bearerToken(req.headers.get('authorization'));
    return token ? ((await this.deps.auth.userForToken(this.deps.orm.em.fork(), token))?.user ?? null) : null;
  }

  /**
   * Every tus request carries a bearer token (who may upload for which video is decided at creation); an upload's
   * later requests come from the one who began it.
   */
  private async authorise(req: TusRequest, uploadId: string): Promise<void> {
    if (req.method === 'OPTIONS') return;
    const user = await this.userOf(req);
    if (!user) throw refusal(401, 'Please sign in to continue.');
    if (req.method === 'POST') return;
    const upload = await this.store.getUpload(uploadId).catch(() => null);
    if (upload && upload.metadata?.userId !== user.id) throw refusal(404, 'No such upload.');
  }

  private async created(req: TusRequest, upload: Upload): Promise<{ metadata: Upload['metadata'] }> {
    const user = (await this.userOf(req))!;
    const { videoId, filename } = upload.metadata ?? {};
    if (!filename || !videoExtensionOf(filename)) throw refusal(415, 'Choose an MP4, MOV or WebM file.');
    if (!videoId || !isUUID(videoId)) throw refusal(400, 'Name the video the file is for (videoId).');
    const video = await this.deps.orm.em.fork().findOne(Video, { id: videoId });
    if (!video) throw refusal(404, 'That video was not found.');
    if (video.purpose === VideoPurpose.library && !isAdmin(user)) throw refusal(403, 'Only admins upload videos.');
    if (video.purpose === VideoPurpose.evidence) {
      // An evidence clip's file comes from the one who attached it (startEvidenceClip), once.
      if (video.createdBy?.id !== user.id) throw refusal(403, 'Only the one who attached this clip uploads its file.');
      if (video.processing !== VideoProcessing.awaiting_upload) throw refusal(409, 'This clip is uploaded already.');
      if ((upload.size ?? 0) > EVIDENCE_CLIP_MAX_BYTES) throw refusal(413, 'An evidence clip may be at most 100 MB.');
    }
    return { metadata: { ...upload.metadata, userId: user.id } };
  }

  /** Removes an upload's leftovers: its bytes (when still there, not moved into storage) and its record. */
  private async forget(id: string): Promise<void> {
    await this.store.remove(id).catch(() => this.store.configstore.delete(id).catch(() => undefined));
  }

  /** Checks the finished file, moves it into storage and marks the video ready; a refusal removes the upload. */
  private async finished(upload: Upload): Promise<{ status_code?: number; body?: string }> {
    const file = path.join(this.store.directory, upload.id);
    const filename = upload.metadata?.filename ?? '';
    const extension = videoExtensionOf(filename)!;
    const size = upload.offset;
    try {
      const bytes = await checkVideoBytes(file, size, extension);
      if (!bytes) throw refusal(415, `This file is not a ${extension.toUpperCase()} video.`);
      const probed = await probe(file);
      if (probed && !probed.videoCodec) throw refusal(415, 'This file has no video in it.');
      const em = this.deps.orm.em.fork();
      const video = await em.findOne(Video, { id: upload.metadata!.videoId! });
      if (!video) throw refusal(404, 'That video was not found.');
      const key = `videos/${video.id}/${upload.id.slice(0, 12)}.${extension === 'm4v' ? 'mp4' : extension}`;
      await this.deps.storage.putFile(key, file, VIDEO_TYPES[extension]);
      const previous = video.fileKey;
      // With ffmpeg here, a file that is not fast start or not H.264/VP9 is processed by a job; it plays meanwhile.
      const processable = probed !== null && (await this.deps.processor.available());
      const needsWork = probed !== null && processable && planFor(bytes, probed) !== 'none';
      Object.assign(video, {
        fileKey: key,
        size,
        contentType: VIDEO_TYPES[extension],
        durationSeconds: probed?.durationSeconds ?? null,
        width: probed?.width ?? null,
        height: probed?.height ?? null,
        // Without ffprobe the codec is unknown: HEVC in a .mov plays in Safari only, so say so rather than guess.
        playableEverywhere: probed ? bytes.fastStart && PLAYABLE_EVERYWHERE.has(probed.videoCodec!) : null,
        processing: needsWork ? VideoProcessing.processing : VideoProcessing.ready,
        processingProgress: needsWork ? 0 : null,
        processingError: null,
      });
      await em.flush();
      // The job also takes a poster from a frame, so it runs for every file when ffmpeg is here.
      if (processable) await this.deps.processor.enqueue(video.id);
      if (previous && previous !== key) await this.deps.storage.delete(previous);
      await this.forget(upload.id);
      return {};
    } catch (err) {
      await this.forget(upload.id);
      if (err && typeof err === 'object' && 'status_code' in err) throw err;
      log.warn('a finished video upload could not be stored', { uploadId: upload.id, message: (err as Error).message });
      throw refusal(500, 'The video could not be stored.');
    }
  }
}

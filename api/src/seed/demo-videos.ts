import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Move } from '../modules/moves/move.entity.js';
import { Video, VideoAccess, VideoProcessing, VideoPurpose } from '../modules/videos/video.entity.js';
import type { Services } from '../services.js';

/** api/data/demo-videos: three 5-second VP9 WebM test patterns made with ffmpeg (see api/data/README.md). */
export const DEMO_VIDEO_DIR = path.resolve(__dirname, '../../data/demo-videos');

/** The move a locked demo video teaches, and the move to be signed off before it unlocks. */
export const DEMO_LOCK = { move: 'Gazelle Rollup', prerequisite: 'Invert Into the Hoop' };

const DEMO_VIDEOS = [
  {
    file: 'lyra-man-in-the-moon.webm',
    title: 'Man in the Moon — warm-up (test pattern)',
    description: 'A demo clip: ffmpeg’s moving test pattern stands in for a real tutorial. Public, with its share page on.',
    apparatus: 'Lyra',
    level: 1,
    move: 'Man in the Moon',
    access: VideoAccess.public,
    sharing: true,
  },
  {
    file: 'silks-footlock.webm',
    title: 'Footlock from a climb (test pattern)',
    description: 'A demo clip for members: a synthetic test pattern, not real footage.',
    apparatus: 'Silks',
    level: 1,
    move: 'Footlock from a Climb',
    access: VideoAccess.members,
    sharing: false,
  },
  {
    file: 'lyra-gazelle-rollup.webm',
    title: 'Gazelle rollup — next step (test pattern)',
    description: `A demo clip locked until ${DEMO_LOCK.prerequisite} is signed off: a synthetic test pattern, not real footage.`,
    apparatus: 'Lyra',
    level: 2,
    move: DEMO_LOCK.move,
    access: VideoAccess.members,
    sharing: false,
    locked: true,
  },
] as const;

/**
 * The demo video library: three tiny clips linked to moves of the demo catalogue, one public with sharing on, one for
 * members, one locked behind a prerequisite that the demo student has asked to be signed off (approving the request
 * on /moves unlocks it). Where ffmpeg is installed the processing job gives each a poster. Idempotent: nothing is
 * added once any demo video exists.
 */
export async function seedDemoVideos(services: Services): Promise<void> {
  const em = services.orm.em.fork();
  if (await em.count(Video, { title: { $in: DEMO_VIDEOS.map((v) => v.title) } })) return;
  const moves = await em.find(
    Move,
    { name: { $in: [...DEMO_VIDEOS.map((v) => v.move), DEMO_LOCK.prerequisite] } },
    { populate: ['apparatus'] },
  );
  const move = (name: string) => moves.find((m) => m.name === name);
  const locked = move(DEMO_LOCK.move);
  const prerequisite = move(DEMO_LOCK.prerequisite);
  if (locked && prerequisite && !locked.prerequisiteIds.length) locked.prerequisiteIds = [prerequisite.id];
  const created: Video[] = [];
  for (const demo of DEMO_VIDEOS) {
    const linked = move(demo.move);
    const video = em.create(Video, {
      title: demo.title,
      description: demo.description,
      purpose: VideoPurpose.library,
      apparatus: linked?.apparatus ?? null,
      level: demo.level,
      moveIds: linked ? [linked.id] : [],
      access: demo.access,
      unlockedByPrerequisites: 'locked' in demo && demo.locked,
      sharing: demo.sharing,
      contentType: 'video/webm',
      durationSeconds: 5,
      width: 320,
      height: 180,
      playableEverywhere: true,
      processing: VideoProcessing.ready,
    });
    const bytes = readFileSync(path.join(DEMO_VIDEO_DIR, demo.file));
    const key = `videos/${video.id}/demo.webm`;
    await services.storage.put(key, bytes, 'video/webm');
    Object.assign(video, { fileKey: key, size: bytes.length });
    created.push(video);
  }
  await em.flush();
  // Posters from a frame, where ffmpeg is installed (the job does nothing else to a VP9 WebM).
  if (await services.videos.processor.available()) for (const video of created) await services.videos.processor.enqueue(video.id);
}

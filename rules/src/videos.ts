import { z } from 'zod';
import { requiredText } from './text';

/** Who may watch a video of the library. */
export const VIDEO_ACCESS = ['members', 'plans', 'staff', 'public'] as const;
export type VideoAccessValue = (typeof VIDEO_ACCESS)[number];

/** The largest video an admin may upload unless VIDEO_MAX_UPLOAD_BYTES says otherwise (2 GB). */
export const DEFAULT_VIDEO_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** The largest evidence clip a student may attach to a sign-off request (100 MB). */
export const EVIDENCE_CLIP_MAX_BYTES = 100 * 1024 * 1024;
/** The file types a video may have, by extension, with the content type it is stored and served as. */
export const VIDEO_TYPES = { mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm' } as const;
export type VideoExtension = keyof typeof VIDEO_TYPES;
/** Moves one video may be linked to, and videos one collection may hold. */
export const MAX_VIDEO_MOVES = 20;
export const MAX_COLLECTION_VIDEOS = 200;
/** A shared link lasts at most a year. */
export const MAX_SHARE_DAYS = 366;

export const videoTitle = requiredText('Give the video a title.', 150, 'At most 150 characters.');
export const videoDescription = z.string().max(4000, 'At most 4,000 characters.');
export const videoAccess = z.enum(VIDEO_ACCESS, { message: 'Choose who may watch it.' });
export const videoSearch = z.string().max(100, 'At most 100 characters.');
export const videoCollectionTitle = requiredText('Give the collection a title.', 120, 'At most 120 characters.');
/** An upload's file name: it must end in a video extension the app plays. */
export const videoFileName = z
  .string()
  .max(255, 'At most 255 characters.')
  .regex(/\.(mp4|m4v|mov|webm)$/i, 'Choose an MP4, MOV or WebM file.');

/** The extension of a file name, when it is one of the video types (lower case). */
export function videoExtensionOf(name: string): VideoExtension | null {
  const match = /\.([a-z0-9]+)$/i.exec(name);
  const ext = match?.[1].toLowerCase();
  return ext && ext in VIDEO_TYPES ? (ext as VideoExtension) : null;
}

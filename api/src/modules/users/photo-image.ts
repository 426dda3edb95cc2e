import { INSTRUCTOR_PHOTO_MAX_BYTES } from '@studio/rules';
import sharp from 'sharp';
import { badInput } from '../../graphql/errors.js';
import { photoVersion } from './person-summary.js';

/** The side of the square a stored photo is scaled to: sharp on a 2x screen for the 96 px avatar of class details. */
export const PHOTO_SIZE = 384;
/** Refuses images whose pixel count could exhaust memory while decoding (a "decompression bomb"), whatever their bytes. */
const MAX_INPUT_PIXELS = 50_000_000;

/** The image kinds an instructor photo may be, by the signature its first bytes carry (not by a name or header). */
export function imageKindOf(bytes: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Where one version of a person's photo is kept in storage: a new upload is a new file, never an overwrite. */
export const photoKey = (userId: string, updatedAt: Date) => `people/${userId}/photo-${photoVersion(updatedAt)}.webp`;

/** How a stored picture is shaped: a square crop (photos) or the whole picture scaled to fit (a move's image). */
export interface PictureShape {
  width: number;
  height: number;
  fit: 'cover' | 'inside';
  /** The argument a refusal names ("photo", "image") and the word its message uses. */
  field: string;
}

const PHOTO: PictureShape = { width: PHOTO_SIZE, height: PHOTO_SIZE, fit: 'cover', field: 'photo' };

/** Checks an uploaded photo and makes the stored copy: see storedPicture. */
export const storedPhoto = (bytes: Buffer) => storedPicture(bytes, PHOTO);

/**
 * Checks an uploaded picture (JPEG, PNG or WebP by its bytes, at most 5 MB, really decodable) and makes the stored
 * copy: turned upright, shaped (a centred square, or scaled to fit), re-encoded as WebP. Re-encoding drops everything
 * but the pixels (camera and GPS metadata, anything hidden in the file), and keeps the served image small.
 */
export async function storedPicture(bytes: Buffer, shape: PictureShape): Promise<{ content: Buffer; contentType: string }> {
  const noun = shape.field;
  const refuse = (message: string) => badInput(message, { [shape.field]: message });
  if (bytes.length === 0) throw refuse(`The ${noun} is empty.`);
  if (bytes.length > INSTRUCTOR_PHOTO_MAX_BYTES) throw refuse(`The ${noun} is larger than 5 MB.`);
  const kind = imageKindOf(bytes);
  if (!kind) throw refuse(`The ${noun} must be a JPEG, PNG or WebP image.`);
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const { format } = await image.metadata();
    if (format !== kind) throw new Error(`declared ${kind}, decodes as ${format}`);
    const content = await image
      .rotate()
      .resize(
        shape.width,
        shape.height,
        shape.fit === 'cover' ? { fit: 'cover', position: 'attention' } : { fit: 'inside', withoutEnlargement: true },
      )
      .webp({ quality: 82 })
      .toBuffer();
    return { content, contentType: 'image/webp' };
  } catch {
    throw refuse(`The ${noun} could not be read. Try another JPEG, PNG or WebP image.`);
  }
}

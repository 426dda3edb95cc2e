import { PRODUCT_IMAGE_MAX_BYTES } from '@studio/rules';
import sharp from 'sharp';
import { badInput } from '../../graphql/errors.js';
import { imageKindOf } from '../users/photo-image.js';

/** The longest side of the stored picture (sharp on a 2x screen at the shop's widest card and a product's page). */
export const FULL_SIZE = 1200;
/** The side of the square thumbnail: the shop's cards, the cart and the admin table, on 2x screens. */
export const THUMB_SIZE = 320;
/** Refuses images whose pixel count could exhaust memory while decoding (a "decompression bomb"), whatever their bytes. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface ProcessedImage {
  full: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

const refuse = (message: string) => badInput(message, { image: message });

/** The storage keys of an image's two files. */
export const imageKey = (imageId: string, size: 'full' | 'thumb') => `products/${imageId}/${size}.webp`;

/**
 * Checks an uploaded product picture (JPEG, PNG or WebP by its bytes, at most 5 MB, really decodable) and makes the
 * stored copies: turned upright, scaled to fit FULL_SIZE, and a square THUMB_SIZE thumbnail centred on what draws
 * the eye, both WebP. Re-encoding keeps nothing but the pixels (camera and GPS metadata, anything hidden in the file).
 */
export async function processProductImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length === 0) throw refuse('The image is empty.');
  if (bytes.length > PRODUCT_IMAGE_MAX_BYTES) throw refuse('The image is larger than 5 MB.');
  const kind = imageKindOf(bytes);
  if (!kind) throw refuse('The image must be a JPEG, PNG or WebP file.');
  try {
    const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const { format } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (format !== kind) throw new Error(`declared ${kind}, decodes as ${format}`);
    const [full, thumb] = await Promise.all([
      input()
        .resize(FULL_SIZE, FULL_SIZE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
      input().resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover', position: 'attention' }).webp({ quality: 78 }).toBuffer(),
    ]);
    return { full: full.data, thumb, width: full.info.width, height: full.info.height };
  } catch {
    throw refuse('The image could not be read. Try another JPEG, PNG or WebP file.');
  }
}

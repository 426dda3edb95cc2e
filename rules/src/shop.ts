import { z } from 'zod';
import { requiredText, wholeNumber } from './text';

/** How many of one product a cart line holds. */
export const cartQuantity = wholeNumber(1, 99);

// Products (/admin/merch)
export const productName = requiredText('Give the product a name.', 120, 'At most 120 characters.');
export const productDescription = z.string().max(2000, 'At most 2,000 characters.');
export const productPriceCents = z
  .number()
  .int('Enter an amount like 25 or 24.50.')
  .min(0, 'Enter an amount like 25 or 24.50.')
  .max(1_000_000, 'At most $10,000.');
/** Admins are told when an option's stock falls to this or below. */
export const lowStockThreshold = wholeNumber(0, 10_000);
/** Items of one option on hand when it is added (null: unlimited, e.g. water from the tap). */
export const initialStock = wholeNumber(0, 100_000);
/** A size or colour; empty for a product without options. */
export const variantLabel = z.string().trim().max(60, 'At most 60 characters.');
export const MAX_PRODUCT_VARIANTS = 30;

/** One stock adjustment: items added or taken away (never zero), and why. */
export const stockDelta = z
  .number()
  .int('Enter a whole number, e.g. 12 or -2.')
  .min(-100_000, 'At most 100,000 at once.')
  .max(100_000, 'At most 100,000 at once.')
  .refine((n) => n !== 0, 'Enter how many to add (e.g. 12) or take away (e.g. -2).');
export const stockReason = requiredText('Say why, e.g. "Delivery from supplier" or "Damaged".', 200, 'At most 200 characters.');

/** A product picture as uploaded, at most (it is stored scaled down, with a thumbnail). */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_PRODUCT_IMAGES = 8;

/** Why a picked file cannot be a product image (by its declared type and size; the server checks its bytes), or null. */
export function productImageFileProblem(file: { type: string; size: number }): string | null {
  if (!(PRODUCT_IMAGE_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP image.';
  if (file.size > PRODUCT_IMAGE_MAX_BYTES) return 'Choose an image of at most 5 MB.';
  if (file.size === 0) return 'That file is empty.';
  return null;
}

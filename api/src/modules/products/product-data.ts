import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { type AppError, RefusalReason, badInput, conflict } from '../../graphql/errors.js';
import { Product, ProductCategory, ProductVariant, SHOP_CATEGORIES } from './product.entity.js';
import type { ProductInput, ProductSortField } from './product.types.js';

export interface CatalogueFilter {
  category?: ProductCategory | null;
  search?: string | null;
}

/** How much of a variant is left, in the words the cart and checkout use ("Sold out", "Only 2 left"). */
export function stockRefusal(name: string, left: number): AppError {
  return conflict(left <= 0 ? `${name} is sold out.` : `Only ${left} left of ${name}.`, RefusalReason.OUT_OF_STOCK);
}

/** A variant's display name: "Studio tee (M)". */
export function variantName(product: { name: string }, variant: { label: string | null }): string {
  return variant.label ? `${product.name} (${variant.label})` : product.name;
}

/** The low-stock level that applies to an option: its own, else its product's (null: none). */
export function thresholdOf(product: Pick<Product, 'lowStockThreshold'>, variant: Pick<ProductVariant, 'lowStockThreshold'>) {
  return variant.lowStockThreshold ?? product.lowStockThreshold;
}

/** At or below its low-stock level (unlimited options never are). */
export function isLow(product: Pick<Product, 'lowStockThreshold'>, variant: Pick<ProductVariant, 'lowStockThreshold' | 'stock'>) {
  const threshold = thresholdOf(product, variant);
  return variant.stock !== null && threshold !== null && variant.stock <= threshold;
}

/** The SQL of one option's low-stock level (v: product_variant, p: product). */
export const THRESHOLD_SQL = 'coalesce(v.low_stock_threshold, p.low_stock_threshold)';

/** Sort field → SQL over the admin list statement (p: product, s: stock per product); ties go by name. */
export const PRODUCT_ORDER: Record<ProductSortField, string> = {
  name: 'p.name {dir}',
  category: 'p.category {dir}',
  priceCents: 'p.price_cents {dir}',
  // Unlimited stock counts as the most.
  stockLeft: 'case when s.unlimited then null else s.stock_left end {dir} nulls {unlimited}',
  createdAt: 'p.created_at {dir}',
};

export const label = (text: string | null | undefined) => text?.trim() || null;

export function assertShopCategory(category: ProductCategory): void {
  if (!(SHOP_CATEGORIES as readonly ProductCategory[]).includes(category))
    throw badInput('Choose merchandise or snacks.', { category: 'Choose merchandise or snacks.' });
}

/** Several options need a name each (S, M, L), and no two the same; a single option may go unnamed. */
export function assertVariantNames(variants: ProductInput['variants']): void {
  const names = variants.map((v) => label(v.label)?.toLowerCase() ?? null);
  if (variants.length > 1 && names.some((n) => n === null))
    throw badInput('Name every option, e.g. S, M, L.', { variants: 'Name every option, e.g. S, M, L.' });
  if (new Set(names).size !== names.length)
    throw badInput('Each option needs its own name.', { variants: 'Each option needs its own name.' });
}

/** Flushes, answering a clash of option names (the unique index) as the form's own message. */
export async function flushNamingOptions(tx: EntityManager): Promise<void> {
  try {
    await tx.flush();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException)
      throw conflict('Each option needs its own name.', { variants: 'Each option needs its own name.' });
    throw err;
  }
}

import { Product, ProductCategory, ProductVariant } from '../src/modules/products/product.entity.js';
import type { TestApp } from './app.js';
import { em } from './factories.js';

/** A product with one variant holding `stock` items (null: unlimited). */
export async function makeProduct(
  t: TestApp,
  opts: { stock?: number | null; priceCents?: number; labels?: string[]; category?: ProductCategory; active?: boolean } = {},
): Promise<Product> {
  const e = em(t);
  const product = e.create(Product, {
    name: `Thing ${Math.random().toString(36).slice(2, 8)}`,
    category: opts.category ?? ProductCategory.merchandise,
    priceCents: opts.priceCents ?? 1000,
    active: opts.active ?? true,
  });
  (opts.labels ?? [null]).forEach((label, sortOrder) =>
    e.create(ProductVariant, { product, label, stock: opts.stock === undefined ? 5 : opts.stock, sortOrder }),
  );
  await e.flush();
  return product;
}

/**
 * Presses Pay on a test payment link the app handed out (a checkout's url, on PUBLIC_URL or any origin), on the test
 * server: the link's path with /pay, and its token.
 */
export function payTestLink(t: TestApp, url: string): Promise<Response> {
  const link = new URL(url);
  return fetch(`${t.url}${link.pathname}/pay${link.search}`, { method: 'POST', redirect: 'manual' });
}

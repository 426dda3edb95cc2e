import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { MAX_PRODUCT_IMAGES } from '@studio/rules';
import { likePattern, offsetOf, SortDirection } from '../../common/paging.js';
import { type AppError, RefusalReason, badInput, conflict } from '../../graphql/errors.js';
import { log } from '../../logger.js';
import type { FileStorage } from '../../storage/index.js';
import { NotificationType } from '../notifications/notification.entity.js';
import type { NotificationService } from '../notifications/notification.service.js';
import { User } from '../users/user.entity.js';
import { imageKey, processProductImage } from './product-image.js';
import { Product, ProductCategory, ProductImage, ProductVariant, SHOP_CATEGORIES, StockAdjustment } from './product.entity.js';
import { assertMayBuyProduct, assertMayManageProduct, catalogueScope } from './product.policy.js';
import { type AdminProductArgs, type ProductInput, type ProductSortField } from './product.types.js';

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
const THRESHOLD_SQL = 'coalesce(v.low_stock_threshold, p.low_stock_threshold)';

/** Sort field → SQL over the admin list statement (p: product, s: stock per product); ties go by name. */
const PRODUCT_ORDER: Record<ProductSortField, string> = {
  name: 'p.name {dir}',
  category: 'p.category {dir}',
  priceCents: 'p.price_cents {dir}',
  // Unlimited stock counts as the most.
  stockLeft: 'case when s.unlimited then null else s.stock_left end {dir} nulls {unlimited}',
  createdAt: 'p.created_at {dir}',
};

const label = (text: string | null | undefined) => text?.trim() || null;

/**
 * The catalogue, stock and the admin's products. Stock is changed only by conditional UPDATEs inside the caller's
 * transaction (`stock >= n`), and a check constraint keeps it from going below zero whatever a caller does: 20 buyers
 * racing for the last item leave exactly one with it. When a sale or a removal takes an option to its low-stock
 * level, admins are told once (the option's lowStockAlerted flag, flipped under the row's lock), and not again until
 * an admin restocks it above that level.
 */
export class ProductService {
  constructor(
    private readonly notifications: NotificationService,
    readonly storage: FileStorage,
  ) {}

  // ── the shop ────────────────────────────────────────────────────────────────────────────────────────────

  /** Shop products by category and search text, with their variants and images; archived ones for admins only. */
  async catalogue(em: EntityManager, actor: User, filter: CatalogueFilter): Promise<Product[]> {
    const search = filter.search?.trim();
    return em.find(
      Product,
      {
        $and: [
          catalogueScope(actor),
          filter.category ? { category: filter.category } : {},
          search ? { $or: [{ name: { $ilike: likePattern(search) } }, { description: { $ilike: likePattern(search) } }] } : {},
        ],
      },
      { populate: ['variants', 'images'], orderBy: { category: 'asc', name: 'asc', id: 'asc' } },
    );
  }

  /** The variant a member may buy; `variantId` may be left out for a product with a single variant. */
  async variantForSale(em: EntityManager, productId: string, variantId?: string | null): Promise<ProductVariant> {
    const product = await em.findOne(Product, { id: productId }, { populate: ['variants'] });
    assertMayBuyProduct(product);
    const variants = product.variants.getItems();
    if (variantId) {
      const variant = variants.find((v) => v.id === variantId);
      if (!variant) throw badInput('Choose one of the listed options.', { variantId: 'Choose one of the listed options.' });
      return variant;
    }
    if (variants.length !== 1) {
      const kind = product.category === ProductCategory.merchandise ? 'a size' : 'an option';
      throw badInput(`Choose ${kind} first.`, { variantId: `Choose ${kind}.` });
    }
    return variants[0];
  }

  // ── stock ───────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Takes `quantity` of a variant's stock in the caller's transaction; false when there is not that much left.
   * Unlimited variants always succeed. Taking an option to its low-stock level tells the admins (once).
   */
  async takeStock(tx: EntityManager, variantId: string, quantity: number): Promise<boolean> {
    // RETURNING shows the row as this statement left it, read under its lock: the flag is the latest committed one.
    const rows = await tx.getConnection().execute<{ stock: number | null; threshold: number | null; alerted: boolean }[]>(
      `update product_variant v set stock = v.stock - ?
         from product p
        where p.id = v.product_id and v.id = ? and (v.stock is null or v.stock >= ?)
        returning v.stock, ${THRESHOLD_SQL} as threshold, v.low_stock_alerted as alerted`,
      [quantity, variantId, quantity],
      'all',
      tx.getTransactionContext(),
    );
    if (rows.length !== 1) return false;
    const [row] = rows;
    if (row.stock !== null && row.threshold !== null && row.stock <= row.threshold && !row.alerted) await this.raiseLowStock(tx, variantId);
    return true;
  }

  /**
   * Gives stock back (a reservation released, an order refunded). This is not a restock: it does not re-arm the
   * low-stock notice, so a checkout abandoned near the threshold does not tell the admins twice.
   */
  async returnStock(tx: EntityManager, variantId: string, quantity: number): Promise<void> {
    await tx
      .getConnection()
      .execute(
        'update product_variant set stock = stock + ? where id = ? and stock is not null',
        [quantity, variantId],
        'run',
        tx.getTransactionContext(),
      );
  }

  /**
   * The SQL of a data-modifying CTE that gives back the stock of the product lines of checkout sessions (CheckoutLine
   * JSON in a `lines` column) which the CTE named `source` answers: a release in the same statement that closes them.
   * Like returnStock, it is not a restock.
   */
  returnLinesSql(source: string): string {
    return `update product_variant v set stock = v.stock + l.quantity
              from (select (x->>'variantId')::uuid as variant_id, sum((x->>'quantity')::int)::int as quantity
                      from ${source}, jsonb_array_elements(${source}.lines) x
                     where x->>'kind' = 'product'
                     group by 1) l
             where v.id = l.variant_id and v.stock is not null
            returning v.id`;
  }

  /** Items left of a variant right now (null: unlimited). */
  async stockOf(em: EntityManager, variantId: string): Promise<number | null> {
    const [row] = await em
      .getConnection()
      .execute<{ stock: number | null }[]>(
        'select stock from product_variant where id = ?',
        [variantId],
        'all',
        em.getTransactionContext(),
      );
    return row ? row.stock : 0;
  }

  /**
   * Marks an option as low and tells every admin, in the caller's transaction. The conditional UPDATE makes it once:
   * of several sales crossing the level at the same moment, only the first to hold the row's lock flips the flag.
   */
  private async raiseLowStock(tx: EntityManager, variantId: string): Promise<void> {
    const [flipped] = await tx
      .getConnection()
      .execute<{ product_id: string; name: string; label: string | null; stock: number; threshold: number }[]>(
        `update product_variant v set low_stock_alerted = true
         from product p
        where p.id = v.product_id and v.id = ? and not v.low_stock_alerted
        returning p.id as product_id, p.name, v.label, v.stock, ${THRESHOLD_SQL} as threshold`,
        [variantId],
        'all',
        tx.getTransactionContext(),
      );
    if (!flipped) return;
    const what = variantName(flipped, flipped);
    // The studio feed every admin reads; the flag flipped above makes this once per crossing.
    await this.notifications.notifyAdmins(tx, {
      type: NotificationType.other,
      title: `Low stock: ${what}`,
      message:
        flipped.stock === 0
          ? `${what} is sold out (low-stock level ${flipped.threshold}).`
          : `Only ${flipped.stock} left of ${what} (low-stock level ${flipped.threshold}).`,
      link: `/admin/merch?product=${flipped.product_id}`,
    });
    await tx.flush();
  }

  /**
   * An admin's stock change with its reason, kept as history. Taking stock to the low-stock level tells the admins
   * (once, as a sale would); adding stock above it re-arms the notice.
   */
  async adjustStock(em: EntityManager, actor: User, variantId: string, delta: number, reason: string) {
    return em.transactional(async (tx) => {
      const variant = await tx.findOne(ProductVariant, { id: variantId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const product = variant ? await tx.findOne(Product, { id: variant.product.id }) : null;
      assertMayManageProduct(actor, product);
      if (variant!.stock === null)
        throw conflict('This option has unlimited stock; there is nothing to count.', { delta: 'Unlimited stock.' });
      const stockAfter = variant!.stock + delta;
      if (stockAfter < 0) {
        const message = `Only ${variant!.stock} in stock: take away at most ${variant!.stock}.`;
        throw badInput(message, { delta: message });
      }
      variant!.stock = stockAfter;
      const threshold = thresholdOf(product, variant!);
      const crossed = threshold !== null && stockAfter <= threshold && !variant!.lowStockAlerted;
      if (threshold !== null && stockAfter > threshold) variant!.lowStockAlerted = false;
      const adjustment = tx.create(StockAdjustment, {
        product,
        variant,
        variantLabel: variant!.label,
        actor,
        delta,
        stockAfter,
        reason: reason.trim(),
      });
      await tx.flush();
      if (crossed) await this.raiseLowStock(tx, variant!.id);
      await tx.refresh(variant!);
      return { adjustment, variant: variant!, product };
    });
  }

  /** A product's stock history, newest first. */
  async stockHistory(em: EntityManager, actor: User, productId: string, page: { page: number; pageSize: number }) {
    assertMayManageProduct(actor, await em.findOne(Product, { id: productId }));
    const [items, total] = await em.findAndCount(
      StockAdjustment,
      { product: productId },
      { orderBy: { createdAt: 'desc', id: 'desc' }, limit: page.pageSize, offset: offsetOf(page) },
    );
    return { items, total };
  }

  // ── /admin/merch ────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Shop products (archived too), paged, sorted and filtered in SQL. One statement pages, sorts and counts with each
   * product's stock (so stock can sort and filter); a second loads the page's products with variants and images.
   */
  async adminList(em: EntityManager, args: AdminProductArgs): Promise<{ items: Product[]; total: number }> {
    const where = ['p.category in (?, ?)'];
    const params: unknown[] = [...SHOP_CATEGORIES];
    if (args.category) {
      where.push('p.category = ?');
      params.push(args.category);
    }
    if (args.active !== undefined && args.active !== null) {
      where.push('p.active = ?');
      params.push(args.active);
    }
    if (args.lowStock !== undefined && args.lowStock !== null) where.push(args.lowStock ? 's.low' : 'not s.low');
    const search = args.search?.trim();
    if (search) {
      where.push('(p.name ilike ? or p.description ilike ?)');
      params.push(likePattern(search), likePattern(search));
    }
    const desc = args.sortDirection === SortDirection.DESC;
    const order = PRODUCT_ORDER[args.sortField]
      .replaceAll('{dir}', desc ? 'desc' : 'asc')
      .replaceAll('{unlimited}', desc ? 'first' : 'last');
    const rows = await em.getConnection().execute<{ id: string; total: string }[]>(
      `select p.id, count(*) over () as total
         from product p
         join lateral (select coalesce(sum(v.stock), 0)::int as stock_left, bool_or(v.stock is null) as unlimited,
                              coalesce(bool_or(v.stock <= ${THRESHOLD_SQL}), false) as low
                         from product_variant v where v.product_id = p.id) s on true
        where ${where.join(' and ')}
        order by ${order}, p.name, p.id
        limit ? offset ?`,
      [...params, args.pageSize, offsetOf(args)],
    );
    const products = rows.length
      ? await em.find(Product, { id: { $in: rows.map((r) => r.id) } }, { populate: ['variants', 'images'] })
      : [];
    const byId = new Map(products.map((p) => [p.id, p]));
    const total = rows.length
      ? Number(rows[0].total)
      : offsetOf(args)
        ? (await this.adminList(em, { ...args, page: 1, pageSize: 1 } as AdminProductArgs)).total
        : 0;
    return { items: rows.map((r) => byId.get(r.id)!), total };
  }

  /** One product for its admin page, with variants and images. */
  async adminProduct(em: EntityManager, actor: User, id: string): Promise<Product> {
    const product = await em.findOne(Product, { id }, { populate: ['variants', 'images'] });
    assertMayManageProduct(actor, product);
    return product;
  }

  async createProduct(em: EntityManager, actor: User, input: ProductInput): Promise<Product> {
    assertShopCategory(input.category);
    assertVariantNames(input.variants);
    const product = await em.transactional(async (tx) => {
      const product = tx.create(Product, {
        category: input.category,
        name: input.name.trim(),
        description: input.description.trim(),
        priceCents: input.priceCents,
        lowStockThreshold: input.lowStockThreshold ?? null,
      });
      input.variants.forEach((v, sortOrder) => {
        if (v.id) throw badInput('A new product has no options yet: leave out their ids.', { variants: 'New options have no id.' });
        this.addVariant(tx, actor, product, v, sortOrder);
      });
      await flushNamingOptions(tx);
      return product;
    });
    return this.adminProduct(em.fork(), actor, product.id);
  }

  /**
   * Changes a product and its options: listed options with an id are changed, those without are added, the ones
   * left out are removed (their history stays, with their label). Stock of existing options changes only through
   * adjustStock, so every change has a reason.
   */
  async updateProduct(em: EntityManager, actor: User, id: string, input: ProductInput): Promise<Product> {
    assertShopCategory(input.category);
    assertVariantNames(input.variants);
    await em.transactional(async (tx) => {
      const product = await tx.findOne(Product, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      assertMayManageProduct(actor, product);
      const existing = await tx.find(ProductVariant, { product: id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const byId = new Map(existing.map((v) => [v.id, v]));
      if (input.variants.some((v) => v.id && !byId.has(v.id)))
        throw badInput('Choose options of this product.', { variants: 'One of these options is not part of this product.' });
      product.category = input.category;
      product.name = input.name.trim();
      product.description = input.description.trim();
      product.priceCents = input.priceCents;
      product.lowStockThreshold = input.lowStockThreshold ?? null;
      const kept = new Set(input.variants.flatMap((v) => (v.id ? [v.id] : [])));
      for (const gone of existing.filter((v) => !kept.has(v.id))) tx.remove(gone);
      // Removed options go first, so a new option may take a removed one's name.
      await flushNamingOptions(tx);
      input.variants.forEach((v, sortOrder) => {
        const variant = v.id ? byId.get(v.id)! : null;
        if (!variant) return void this.addVariant(tx, actor, product, v, sortOrder);
        variant.label = label(v.label);
        variant.sortOrder = sortOrder;
        variant.lowStockThreshold = v.lowStockThreshold ?? null;
        // A new level is a fresh start: low now counts as already told (the admin is looking at it), else re-armed.
        variant.lowStockAlerted = isLow(product, variant);
      });
      await flushNamingOptions(tx);
    });
    return this.adminProduct(em.fork(), actor, id);
  }

  private addVariant(tx: EntityManager, actor: User, product: Product, v: ProductInput['variants'][number], sortOrder: number) {
    const variant = tx.create(ProductVariant, {
      product,
      label: label(v.label),
      stock: v.stock ?? null,
      sortOrder,
      lowStockThreshold: v.lowStockThreshold ?? null,
    });
    variant.lowStockAlerted = isLow(product, variant);
    if (variant.stock)
      tx.create(StockAdjustment, {
        product,
        variant,
        variantLabel: variant.label,
        actor,
        delta: variant.stock,
        stockAfter: variant.stock,
        reason: 'Initial stock',
      });
  }

  /** Archived products leave the shop (and checkout refuses them in carts); restoring puts them back. */
  async setActive(em: EntityManager, actor: User, id: string, active: boolean): Promise<Product> {
    const product = await em.findOne(Product, { id }, { populate: ['variants', 'images'] });
    assertMayManageProduct(actor, product);
    product.active = active;
    await em.flush();
    return product;
  }

  // ── images ──────────────────────────────────────────────────────────────────────────────────────────────

  /** Adds a picture (checked and scaled first; the files are stored before the row that names them). */
  async addImage(em: EntityManager, actor: User, productId: string, bytes: Buffer): Promise<Product> {
    assertMayManageProduct(actor, await em.findOne(Product, { id: productId }));
    const processed = await processProductImage(bytes);
    const image = em.create(ProductImage, { product: productId, width: processed.width, height: processed.height });
    await this.storage.put(imageKey(image.id, 'full'), processed.full, 'image/webp');
    await this.storage.put(imageKey(image.id, 'thumb'), processed.thumb, 'image/webp');
    try {
      await em.transactional(async (tx) => {
        await tx.findOneOrFail(Product, { id: productId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        const [{ count, last }] = await tx
          .getConnection()
          .execute<{ count: number; last: number | null }[]>(
            'select count(*)::int as count, max(sort_order) as last from product_image where product_id = ?',
            [productId],
            'all',
            tx.getTransactionContext(),
          );
        if (count >= MAX_PRODUCT_IMAGES) {
          const message = `A product has at most ${MAX_PRODUCT_IMAGES} images; remove one first.`;
          throw conflict(message, { image: message });
        }
        image.sortOrder = (last ?? -1) + 1;
        tx.persist(image);
      });
    } catch (err) {
      await this.deleteImageFiles(image.id);
      throw err;
    }
    return this.adminProduct(em.fork(), actor, productId);
  }

  /** Removes a picture; its files go once the row is gone. */
  async removeImage(em: EntityManager, actor: User, imageId: string): Promise<Product> {
    const image = await em.findOne(ProductImage, { id: imageId }, { populate: ['product'] });
    assertMayManageProduct(actor, image?.product ?? null);
    const productId = image!.product.id;
    await em.remove(image!).flush();
    await this.deleteImageFiles(imageId);
    return this.adminProduct(em.fork(), actor, productId);
  }

  /** Makes a picture the product's cover (the first). */
  async makeCover(em: EntityManager, actor: User, imageId: string): Promise<Product> {
    const image = await em.findOne(ProductImage, { id: imageId }, { populate: ['product'] });
    assertMayManageProduct(actor, image?.product ?? null);
    const productId = image!.product.id;
    await em
      .getConnection()
      .execute(
        'update product_image set sort_order = (select coalesce(min(sort_order), 0) - 1 from product_image where product_id = ?) where id = ?',
        [productId, imageId],
      );
    return this.adminProduct(em.fork(), actor, productId);
  }

  private async deleteImageFiles(imageId: string): Promise<void> {
    for (const size of ['full', 'thumb'] as const)
      await this.storage
        .delete(imageKey(imageId, size))
        .catch((err: Error) => log.warn('could not delete an image file; it is left behind', { imageId, message: err.message }));
  }
}

function assertShopCategory(category: ProductCategory): void {
  if (!(SHOP_CATEGORIES as readonly ProductCategory[]).includes(category))
    throw badInput('Choose merchandise or snacks.', { category: 'Choose merchandise or snacks.' });
}

/** Several options need a name each (S, M, L), and no two the same; a single option may go unnamed. */
function assertVariantNames(variants: ProductInput['variants']): void {
  const names = variants.map((v) => label(v.label)?.toLowerCase() ?? null);
  if (variants.length > 1 && names.some((n) => n === null))
    throw badInput('Name every option, e.g. S, M, L.', { variants: 'Name every option, e.g. S, M, L.' });
  if (new Set(names).size !== names.length)
    throw badInput('Each option needs its own name.', { variants: 'Each option needs its own name.' });
}

/** Flushes, answering a clash of option names (the unique index) as the form's own message. */
async function flushNamingOptions(tx: EntityManager): Promise<void> {
  try {
    await tx.flush();
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException)
      throw conflict('Each option needs its own name.', { variants: 'Each option needs its own name.' });
    throw err;
  }
}

import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { likePattern, offsetOf, SortDirection } from '../../../common/paging.js';
import { badInput } from '../../../graphql/errors.js';
import { User } from '../../users/user.entity.js';
import { Product, ProductVariant, SHOP_CATEGORIES, StockAdjustment } from '../product.entity.js';
import { assertMayManageProduct } from '../product.policy.js';
import type { AdminProductArgs, ProductInput } from '../product.types.js';
import { isLow, THRESHOLD_SQL, PRODUCT_ORDER, label, assertShopCategory, assertVariantNames, flushNamingOptions } from '../product-data.js';

/** The admin's products (/admin/merch): the list, making and changing products and their options. */
export class ProductAdminService {
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
}

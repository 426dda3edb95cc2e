import type { EntityManager } from '@mikro-orm/postgresql';
import { likePattern } from '../../common/paging.js';
import { AppError } from '../../graphql/errors.js';
import type { User } from '../users/user.entity.js';
import { Product, ProductCategory, ProductVariant } from './product.entity.js';
import { assertMayBuyProduct, catalogueScope } from './product.policy.js';

export interface CatalogueFilter {
  category?: ProductCategory | null;
  search?: string | null;
}

/** How much of a variant is left, in the words the cart and checkout use ("Sold out", "Only 2 left"). */
export function stockRefusal(name: string, left: number): AppError {
  return new AppError('CONFLICT', left <= 0 ? `${name} is sold out.` : `Only ${left} left of ${name}.`, { reason: 'OUT_OF_STOCK' });
}

/** A variant's display name: "Studio tee (M)". */
export function variantName(product: { name: string }, variant: { label: string | null }): string {
  return variant.label ? `${product.name} (${variant.label})` : product.name;
}

/**
 * The catalogue and stock. Stock is changed only by conditional UPDATEs inside the caller's transaction
 * (`stock >= n`), and a check constraint keeps it from going below zero whatever a caller does: 20 buyers racing for
 * the last item leave exactly one with it.
 */
export class ProductService {
  /** Shop products by category and search text, with their variants; archived ones for admins only. */
  async catalogue(em: EntityManager, actor: User, filter: CatalogueFilter): Promise<Product[]> {
    const search = filter.search?.trim();
    return em.find(
      Product,
      {
        ...catalogueScope(actor),
        ...(filter.category ? { category: filter.category } : {}),
        ...(search ? { $or: [{ name: { $ilike: likePattern(search) } }, { description: { $ilike: likePattern(search) } }] } : {}),
      },
      { populate: ['variants'], orderBy: { category: 'asc', name: 'asc', id: 'asc' } },
    );
  }

  /** The variant a member may buy; `variantId` may be left out for a product with a single variant. */
  async variantForSale(em: EntityManager, productId: string, variantId?: string | null): Promise<ProductVariant> {
    const product = await em.findOne(Product, { id: productId }, { populate: ['variants'] });
    assertMayBuyProduct(product);
    const variants = product.variants.getItems();
    if (variantId) {
      const variant = variants.find((v) => v.id === variantId);
      if (!variant)
        throw new AppError('BAD_USER_INPUT', 'Choose one of the listed options.', {
          fields: { variantId: 'Choose one of the listed options.' },
        });
      return variant;
    }
    if (variants.length !== 1) {
      const kind = product.category === ProductCategory.merchandise ? 'a size' : 'an option';
      throw new AppError('BAD_USER_INPUT', `Choose ${kind} first.`, { fields: { variantId: `Choose ${kind}.` } });
    }
    return variants[0];
  }

  /**
   * Takes `quantity` of a variant's stock in the caller's transaction; false when there is not that much left.
   * Unlimited variants always succeed.
   */
  async takeStock(tx: EntityManager, variantId: string, quantity: number): Promise<boolean> {
    const rows = await tx
      .getConnection()
      .execute<{ id: string }[]>(
        'update product_variant set stock = stock - ? where id = ? and (stock is null or stock >= ?) returning id',
        [quantity, variantId, quantity],
        'all',
        tx.getTransactionContext(),
      );
    return rows.length === 1;
  }

  /** Gives stock back (a reservation released, an order refunded). */
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
}

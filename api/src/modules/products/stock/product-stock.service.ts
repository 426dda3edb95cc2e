import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { offsetOf } from '../../../common/paging.js';
import { badInput, conflict } from '../../../graphql/errors.js';
import { NotificationType } from '../../notifications/notification.entity.js';
import type { NotificationService } from '../../notifications/notification.service.js';
import { User } from '../../users/user.entity.js';
import { Product, ProductVariant, StockAdjustment } from '../product.entity.js';
import { assertMayManageProduct } from '../product.policy.js';
import { variantName, thresholdOf, THRESHOLD_SQL } from '../product-data.js';

/**
 * Stock is changed only by conditional UPDATEs inside the caller's transaction (`stock >= n`), and a check constraint
 * keeps it from going below zero whatever a caller does: 20 buyers racing for the last item leave exactly one with it.
 * When a sale or a removal takes an option to its low-stock level, admins are told once (the option's lowStockAlerted
 * flag, flipped under the row's lock), and not again until an admin restocks it above that level.
 */
export class ProductStockService {
  constructor(private readonly notifications: NotificationService) {}

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
}

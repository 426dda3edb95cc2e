import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, run, type MergedPair } from '../../common/repoint.js';

/** member.merged: the duplicate's cart lines join the kept account's cart (one line per product, quantities added, at most 99). */
export async function mergeCart(tx: EntityManager, pair: MergedPair): Promise<void> {
  await run(
    tx,
    `update product_cart_item k set quantity = least(99, k.quantity + m.quantity)
       from product_cart_item m where k.owner_id = ? and m.owner_id = ? and m.variant_id = k.variant_id`,
    [pair.keptId, pair.mergedId],
  );
  await run(
    tx,
    `delete from product_cart_item m where m.owner_id = ?
        and exists (select 1 from product_cart_item k where k.owner_id = ? and k.variant_id = m.variant_id)`,
    [pair.mergedId, pair.keptId],
  );
  await repoint(tx, 'product_cart_item', ['owner_id'], pair);
}

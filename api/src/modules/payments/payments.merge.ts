import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, type MergedPair } from '../../common/repoint.js';
import { badInput } from '../../graphql/errors.js';

/**
 * member.merged: orders and checkouts move to the kept account. A person has one open checkout at a time: while both
 * accounts have one waiting for payment, the merge waits (a payment may still arrive for either).
 */
export async function mergePayments(tx: EntityManager, pair: MergedPair): Promise<void> {
  const [open] = await tx
    .getConnection()
    .execute<{ owners: number }[]>(
      `select count(distinct owner_id)::int as owners from checkout_session where status = 'open' and owner_id in (?, ?)`,
      [pair.keptId, pair.mergedId],
      'all',
      tx.getTransactionContext(),
    );
  if (open.owners > 1) throw badInput('Both accounts have a checkout waiting for payment: merge them once it is paid or has expired.');
  await repoint(tx, 'checkout_session', ['owner_id'], pair);
  await repoint(tx, 'shop_order', ['owner_id'], pair);
}

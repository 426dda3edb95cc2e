import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, type MergedPair } from '../../common/repoint.js';

/** member.merged: the duplicate's invoices (paid or not) are the kept account's, as are those it wrote or paid. */
export async function mergeInvoices(tx: EntityManager, pair: MergedPair): Promise<void> {
  await repoint(tx, 'invoice', ['member_id', 'created_by_id', 'paid_by_id'], pair);
}

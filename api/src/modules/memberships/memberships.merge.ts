import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, type MergedPair } from '../../common/repoint.js';

/** member.merged: memberships, class packs and membership checkouts are the kept account's (each stays a row of its own). */
export async function mergeMemberships(tx: EntityManager, pair: MergedPair): Promise<void> {
  await repoint(tx, 'membership', ['holder_id'], pair);
  await repoint(tx, 'class_pack', ['owner_id'], pair);
  await repoint(tx, 'membership_checkout', ['owner_id'], pair);
}

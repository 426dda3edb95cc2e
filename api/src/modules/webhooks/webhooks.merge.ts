import type { EntityManager } from '@mikro-orm/postgresql';
import { repoint, type MergedPair } from '../../common/repoint.js';

/** member.merged: endpoints the duplicate account registered are the kept account's. */
export async function mergeWebhookEndpoints(tx: EntityManager, pair: MergedPair): Promise<void> {
  await repoint(tx, 'webhook_endpoint', ['created_by_id'], pair);
}

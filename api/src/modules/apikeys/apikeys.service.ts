import type { EntityManager } from '@mikro-orm/postgresql';
import type { ApiKeyGrant } from '../../graphql/context.js';
import { notFound } from '../../graphql/errors.js';
import type { StudioPubSub } from '../../graphql/pubsub.js';
import { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';
import { hashOf, looksLikeApiKey, newApiKey, parseApiKey, sameHash } from './api-key-format.js';
import { ApiKey } from './api-key.entity.js';

/** A key's cost bucket: how many points it holds when full and how many it regains a second. */
export interface BucketPolicy {
  maximum: number;
  restoreRate: number;
}

/** What one charge against a key's bucket found: whether it was charged, and the points left after it. */
export interface ChargeOutcome {
  /** False: the key is revoked or expired (or gone). */
  valid: boolean;
  charged: boolean;
  available: number;
}

export interface NewApiKey {
  name: string;
  scopes: string[];
  expiresAt?: Date | null;
  trustedDocuments?: string[] | null;
}

/** The key and its integration user, read on every request made with a key (a revoked key stops at once). */
const KEY_USER_SQL = `select k.id as key_id, k.hash as key_hash, k.scopes as key_scopes, k.trusted_documents as key_documents,
  u.id, u.first_name, u.last_name, u.username, u.email, u.role, u.birthday, u.is_active, u.token_version, u.guardian_id,
  u.removed_at, u.created_at, u.updated_at
  from api_key k join app_user u on u.id = k.integration_user_id
  where k.prefix = ? and k.revoked_at is null and (k.expires_at is null or k.expires_at > now())`;

/**
 * Charges `cost` points when the bucket holds them, in one statement on the key's row (so every API instance draws
 * from the same bucket): the bucket refills at `restoreRate` a second since it was last charged, up to `maximum`. The
 * same statement records the key's last use and confirms it is still valid. It commits without waiting for the WAL to
 * reach the disk (synchronous_commit off, for this statement only): every key request writes this row, and a crash
 * losing the last few milliseconds of charges and last-use times loses nothing that matters.
 */
const CHARGE_SQL = `update api_key a set
    bucket_points = s.available - case when s.available >= ? then ? else 0 end,
    bucket_at = s.at, last_used_at = s.at, last_used_ip = coalesce(?, a.last_used_ip)
  from (select id, clock_timestamp() as at, set_config('synchronous_commit', 'off', true) as commit_mode,
      least(?::float8, bucket_points + greatest(0, extract(epoch from clock_timestamp() - bucket_at)) * ?::float8) as available
    from api_key where id = ? and revoked_at is null and (expires_at is null or expires_at > now()) for update) s
  where a.id = s.id
  returning s.available as before, a.bucket_points as after`;

/** How many keys one process keeps in memory (see grantFor); the oldest read is dropped first. */
const RECENT_KEYS = 1000;

/** API keys: made and revoked by admins, checked on every request that sends one (graphql/api-key-gate.ts). */
export class ApiKeyService {
  /** Keys this process read lately, by their SHA-256: their grants and integration users (see grantFor). */
  private readonly recent = new Map<string, { grant: ApiKeyGrant; userRow: Record<string, unknown> }>();

  constructor(
    readonly bucket: BucketPolicy,
    private readonly pubsub: StudioPubSub,
  ) {}

  isKey(token: string): boolean {
    return looksLikeApiKey(token);
  }

  list(em: EntityManager): Promise<ApiKey[]> {
    return em.find(ApiKey, {}, { orderBy: { createdAt: 'desc', id: 'asc' } });
  }

  /** Makes a key and its integration user; answers the key itself, which is never shown again. */
  async create(em: EntityManager, createdBy: User, input: NewApiKey): Promise<{ apiKey: ApiKey; secret: string }> {
    const { key, prefix, hash } = newApiKey();
    // An admin-role account that cannot sign in (no username or password, inactive) and is no person (removed, so the
    // people tables, searches and admin notices leave it out); audit trails name it by the key's name.
    const integrationUser = new User({ firstName: input.name, lastName: '(integration)', birthday: '1970-01-01', role: Role.admin });
    integrationUser.isActive = false;
    integrationUser.removedAt = new Date();
    const apiKey = new ApiKey({
      name: input.name,
      scopes: [...new Set(input.scopes)],
      prefix,
      hash,
      createdBy,
      integrationUser,
      bucketPoints: this.bucket.maximum,
    });
    apiKey.expiresAt = input.expiresAt ?? null;
    apiKey.trustedDocuments = input.trustedDocuments?.length ? [...new Set(input.trustedDocuments.map(hashOf))] : null;
    em.persist([integrationUser, apiKey]);
    await em.flush();
    return { apiKey, secret: key };
  }

  /** Revokes a key: refused from now on by every instance; its open WebSockets are closed. */
  async revoke(em: EntityManager, id: string): Promise<ApiKey> {
    const apiKey = await em.findOne(ApiKey, { id });
    if (!apiKey) throw notFound('That API key');
    if (!apiKey.revokedAt) {
      apiKey.revokedAt = new Date();
      await em.flush();
      this.pubsub.publish('SESSIONS_ENDED', { userId: apiKey.integrationUser.id });
    }
    return apiKey;
  }

  /**
   * The integration user and grant of a valid key; null for a malformed, unknown, revoked or expired key. `cached`:
   * a key this process read before is answered from memory, for a request that is charged before anything runs
   * (graphql/api-key-gate.ts): the charge confirms in the same statement that the key is still valid, so a key
   * revoked on any instance is refused at its next request all the same, one statement fewer per request.
   */
  async grantFor(em: EntityManager, token: string, { cached = false } = {}): Promise<{ user: User; grant: ApiKeyGrant } | null> {
    const parsed = parseApiKey(token);
    if (!parsed) return null;
    const hash = hashOf(token);
    let known = cached ? this.recent.get(hash) : undefined;
    if (!known) {
      const [row] = await em.getConnection().execute(KEY_USER_SQL, [parsed.prefix]);
      if (!row) return null;
      const { key_id: keyId, key_hash: keyHash, key_scopes: scopes, key_documents: documents, ...userRow } = row;
      if (!sameHash(hash, keyHash as string)) return null;
      known = {
        grant: {
          keyId: keyId as string,
          scopes: new Set(scopes as string[]),
          trustedDocuments: documents ? new Set(documents as string[]) : null,
        },
        userRow,
      };
      if (this.recent.size >= RECENT_KEYS) this.recent.delete(this.recent.keys().next().value!);
      this.recent.set(hash, known);
    }
    // A copy: the entity manager takes the row's values over as the entity's.
    return { user: em.map(User, { ...known.userRow }), grant: known.grant };
  }

  /** Draws `cost` points from the key's bucket if it holds them (see CHARGE_SQL). */
  async charge(em: EntityManager, keyId: string, cost: number, ip: string | null): Promise<ChargeOutcome> {
    const { maximum, restoreRate } = this.bucket;
    // An IPv4 client reached over a dual-stack socket is recorded as its IPv4 address ("::ffff:203.0.113.9").
    const address = ip?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '') ?? null;
    const [row] = await em.getConnection().execute(CHARGE_SQL, [cost, cost, address, maximum, restoreRate, keyId]);
    if (!row) {
      for (const [hash, known] of this.recent) if (known.grant.keyId === keyId) this.recent.delete(hash);
      return { valid: false, charged: false, available: 0 };
    }
    return { valid: true, charged: Number(row.before) >= cost, available: Number(row.after) };
  }
}

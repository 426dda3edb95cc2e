import type { EntityManager } from '@mikro-orm/postgresql';
import { todayIn } from '../../common/dates.js';
import { likePattern, offsetOf, type PageArgs } from '../../common/paging.js';
import { badInput } from '../../graphql/errors.js';
import { User } from '../users/user.entity.js';
import { WaiverDocument } from './waiver-document.entity.js';
import { assertMaySignWaiverFor } from './waiver.policy.js';
import { WaiverSignature } from './waiver-signature.entity.js';
import { INITIAL_WAIVER } from './waiver-text.js';

export interface SignatureMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface WaiverListQuery extends PageArgs {
  search?: string | null;
}

export class WaiverService {
  constructor(private readonly timeZone: string) {}

  /** Publishes the initial waiver when the database has none (idempotent). */
  async ensureDocument(em: EntityManager): Promise<void> {
    const count = await em.count(WaiverDocument, {});
    if (count === 0) {
      em.create(WaiverDocument, { ...INITIAL_WAIVER, publishedAt: new Date() });
      await em.flush();
    }
  }

  /** The version members sign now: the most recently published one. */
  async currentDocument(em: EntityManager): Promise<WaiverDocument> {
    const [doc] = await em.find(WaiverDocument, {}, { orderBy: { publishedAt: 'desc', version: 'desc' }, limit: 1 });
    if (!doc) throw new Error('No waiver document published');
    return doc;
  }

  /** The ids among `userIds` that have a signature for the current version. */
  async signedUserIds(em: EntityManager, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const document = await this.currentDocument(em);
    const signatures = await em.find(
      WaiverSignature,
      { document, signedFor: { $in: userIds } },
      { fields: ['signedFor'], disableIdentityMap: true },
    );
    return new Set(signatures.map((s) => s.signedFor.id));
  }

  /** Every signature, newest first (people matched by name or username). */
  async signatures(em: EntityManager, q: WaiverListQuery): Promise<{ items: WaiverSignature[]; total: number }> {
    const where = q.search?.trim() ? { signedFor: personMatches(q.search) } : {};
    const [items, total] = await em.findAndCount(WaiverSignature, where, {
      populate: ['signedFor', 'signedBy', 'document'],
      orderBy: { signedAt: 'desc', id: 'asc' },
      limit: q.pageSize,
      offset: offsetOf(q),
    });
    return { items, total };
  }

  /** Active people without a signature for the current version, by name. */
  async usersWithoutSignature(em: EntityManager, q: WaiverListQuery): Promise<{ items: User[]; total: number }> {
    const document = await this.currentDocument(em);
    const qb = em
      .createQueryBuilder(User, 'u')
      .where({ isActive: true, removedAt: null })
      .andWhere('not exists (select 1 from waiver_signature s where s.signed_for_id = u.id and s.document_id = ?)', [document.id])
      .orderBy({ lastName: 'asc', firstName: 'asc', id: 'asc' })
      .limit(q.pageSize)
      .offset(offsetOf(q));
    if (q.search?.trim()) qb.andWhere(personMatches(q.search));
    const [items, total] = await qb.getResultAndCount();
    return { items, total };
  }

  /**
   * Signs the current waiver for each id, all or nothing: one id the signer may not sign for refuses the whole
   * request. People who already signed the current version are not signed twice.
   */
  async sign(em: EntityManager, signer: User, userIds: string[], meta: SignatureMeta): Promise<WaiverSignature[]> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) throw badInput('Please select at least one person to sign for.', { userIds: 'Select at least one person.' });
    return em.transactional(async (tx) => {
      const people = await tx.find(User, { id: { $in: ids } }, { populate: ['guardian'] });
      const byId = new Map(people.map((p) => [p.id, p]));
      const today = todayIn(this.timeZone);
      for (const id of ids) assertMaySignWaiverFor(signer, byId.get(id), today);
      const document = await this.currentDocument(tx);
      const already = await this.signedUserIds(tx, ids);
      const signer_ = tx.getReference(User, signer.id);
      const signatures = ids
        .filter((id) => !already.has(id))
        .map((id) => new WaiverSignature({ document, signedFor: byId.get(id)!, signedBy: signer_, ...meta }));
      tx.persist(signatures);
      return signatures;
    });
  }
}

function personMatches(search: string) {
  const pattern = likePattern(search.trim());
  return { $or: [{ firstName: { $ilike: pattern } }, { lastName: { $ilike: pattern } }, { username: { $ilike: pattern } }] };
}

import type { EntityManager } from '@mikro-orm/postgresql';
import { SIGNATURE_DRAWING_NOT_PNG, signatureNameMatches, signatureNameMismatch, type WaiverVersionForm } from '@studio/rules';
import { todayIn } from '../../common/dates.js';
import { likePattern, offsetOf, type PageArgs } from '../../common/paging.js';
import { badInput } from '../../graphql/errors.js';
import type { Actor } from '../users/role.js';
import { User } from '../users/user.entity.js';
import { CURRENT_WAIVER_DOCUMENT_ID } from './current-version.js';
import { WaiverDocument } from './waiver-document.entity.js';
import { renderSignedWaiverPdf } from './waiver.pdf.js';
import { assertMayReadWaiverSignature, assertMaySignWaiverFor } from './waiver.policy.js';
import { WaiverSignature } from './waiver-signature.entity.js';
import { INITIAL_WAIVER } from './waiver-text.js';
import { assertMayPublishWaiverVersion } from './waiver.policy.js';

export interface SignatureMeta {
  ip: string | null;
  userAgent: string | null;
}

/** What the signer gave as their signature: the typed full name and, optionally, a drawing (PNG data URL). */
export interface SignatureMarks {
  typedName: string;
  drawing?: string | null;
}

/** The PDF copy of one signature. */
export interface SignedWaiverFile {
  filename: string;
  content: Buffer;
}

/** The most signature records one person's list shows (a family signs once per waiver version). */
const MY_SIGNATURES_LIMIT = 100;

export interface WaiverListQuery extends PageArgs {
  search?: string | null;
}

export class WaiverService {
  constructor(
    private readonly timeZone: string,
    private readonly studioName: string,
  ) {}

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

  /** Every published version, newest first. */
  versions(em: EntityManager): Promise<WaiverDocument[]> {
    return em.find(WaiverDocument, {}, { orderBy: { publishedAt: 'desc', version: 'desc' } });
  }

  /**
   * Publishes a new version: from now on it is the current one, and everyone signs it again before their next
   * booking. Versions are numbered one after another (publishes wait for each other on a lock).
   */
  async publish(em: EntityManager, admin: User, input: WaiverVersionForm): Promise<WaiverDocument> {
    return em.transactional(async (tx) => {
      await tx
        .getConnection()
        .execute(`select pg_advisory_xact_lock(hashtext('waiver_document_publish'))`, [], 'all', tx.getTransactionContext());
      const current = await this.currentDocument(tx);
      assertMayPublishWaiverVersion(current, input.lastUpdated, todayIn(this.timeZone));
      const [{ max }] = await tx
        .getConnection()
        .execute<{ max: number }[]>(`select max(version)::int as max from waiver_document`, [], 'all', tx.getTransactionContext());
      const document = tx.create(WaiverDocument, {
        documentId: input.documentId.trim(),
        version: max + 1,
        title: input.title.trim(),
        lastUpdated: input.lastUpdated,
        sections: sectionsOf(input.sections),
        publishedAt: new Date(),
        publishedBy: tx.getReference(User, admin.id),
      });
      await tx.flush();
      return document;
    });
  }

  /** The ids among `userIds` that have a signature for the current version. */
  async signedUserIds(em: EntityManager, userIds: string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    // One statement (a booking's request counts them): the current version found inside it.
    const rows = await em.getConnection().execute<{ signed_for_id: string }[]>(
      `select s.signed_for_id from waiver_signature s
        where s.document_id = ${CURRENT_WAIVER_DOCUMENT_ID}
          and s.signed_for_id in (${userIds.map(() => '?').join(', ')})`,
      userIds,
      'all',
      em.getTransactionContext(),
    );
    return new Set(rows.map((r) => r.signed_for_id));
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

  /**
   * Signs the current waiver for each id, all or nothing: one id the signer may not sign for refuses the whole
   * request. People who already signed the current version are not signed twice. `marks`: the typed name (it must
   * be the signer's full name) and optional drawing; without them (the documented REST payload `{userIds}`) the
   * ticked agreement is the signature, as it was before names were typed.
   */
  async sign(
    em: EntityManager,
    signer: User,
    userIds: string[],
    meta: SignatureMeta,
    marks: SignatureMarks | null = null,
  ): Promise<WaiverSignature[]> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) throw badInput('Please select at least one person to sign for.', { userIds: 'Select at least one person.' });
    if (marks && !signatureNameMatches(marks.typedName, signer)) {
      const message = signatureNameMismatch(signer);
      throw badInput(message, { typedName: message });
    }
    if (marks?.drawing) assertPngImage(marks.drawing);
    const typed = marks ? { typedName: marks.typedName.trim().replace(/\s+/g, ' '), drawing: marks.drawing ?? null } : {};
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
        .map((id) => new WaiverSignature({ document, signedFor: byId.get(id)!, signedBy: signer_, ...meta, ...typed }));
      tx.persist(signatures);
      return signatures;
    });
  }

  /** The signatures `actor` may read for themselves and their family: their own, those they signed, and their family's; newest first. */
  async signaturesOf(em: EntityManager, actor: Actor): Promise<WaiverSignature[]> {
    return em.find(
      WaiverSignature,
      { $or: [{ signedFor: actor.id }, { signedBy: actor.id }, { signedFor: { guardian: actor.id } }] },
      {
        populate: ['signedFor', 'signedBy', 'document'],
        orderBy: { signedAt: 'desc', id: 'asc' },
        limit: MY_SIGNATURES_LIMIT,
      },
    );
  }

  /** One signature, when `actor` may read it (otherwise NOT_FOUND, as if it did not exist). */
  async signature(em: EntityManager, actor: Actor, id: string, { withDrawing = false } = {}): Promise<WaiverSignature> {
    const signature = await em.findOne(
      WaiverSignature,
      { id },
      { populate: withDrawing ? ['signedFor', 'signedBy', 'document', 'drawing'] : ['signedFor', 'signedBy', 'document'] },
    );
    assertMayReadWaiverSignature(actor, signature);
    return signature;
  }

  /** The drawings of these signatures (those without one are left out). */
  async drawings(em: EntityManager, ids: string[]): Promise<Map<string, string>> {
    if (!ids.length) return new Map();
    const rows = await em
      .getConnection()
      .execute<{ id: string; drawing: string }[]>(
        `select id, drawing from waiver_signature where drawing is not null and id in (${ids.map(() => '?').join(', ')})`,
        ids,
        'all',
        em.getTransactionContext(),
      );
    return new Map(rows.map((r) => [r.id, r.drawing]));
  }

  /** The PDF copy of one signature `actor` may read. */
  async signedCopy(em: EntityManager, actor: Actor, id: string): Promise<SignedWaiverFile> {
    const s = await this.signature(em, actor, id, { withDrawing: true });
    const content = await renderSignedWaiverPdf({
      studioName: this.studioName,
      timeZone: this.timeZone,
      signatureId: s.id,
      document: s.document,
      person: s.signedFor,
      signer: s.signedBy,
      signedForSelf: s.signedBy.id === s.signedFor.id,
      signedAt: s.signedAt,
      typedName: s.typedName,
      drawing: s.drawing,
      ip: s.ip,
      userAgent: s.userAgent,
    });
    const day = todayIn(this.timeZone, s.signedAt);
    const who = `${s.signedFor.firstName}-${s.signedFor.lastName}`.toLowerCase();
    return { filename: `waiver-${s.document.documentId}-v${s.document.version}-${who}-${day}.pdf`, content };
  }
}

/** The 8 bytes every PNG starts with, then the IHDR chunk. */
const PNG_HEADER = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
/** Far beyond a signature pad, small enough that no drawing can make the PDF renderer decode a huge image. */
const MAX_DRAWING_SIDE = 2000;

/** The shared rule checked the data URL's form and size; this checks that it holds a PNG of a sensible size. */
function assertPngImage(dataUrl: string): void {
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const ok =
    bytes.length > 24 &&
    bytes.subarray(0, PNG_HEADER.length).equals(PNG_HEADER) &&
    [bytes.readUInt32BE(16), bytes.readUInt32BE(20)].every((side) => side > 0 && side <= MAX_DRAWING_SIDE);
  if (!ok) throw badInput(SIGNATURE_DRAWING_NOT_PNG, { drawing: SIGNATURE_DRAWING_NOT_PNG });
}

/** A version's sections as stored: each keyed by its heading (unique within the version). */
function sectionsOf(sections: WaiverVersionForm['sections']): WaiverDocument['sections'] {
  const seen = new Map<string, number>();
  return sections.map(({ heading, body }) => {
    const base =
      heading
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_|_$/g, '') || 'section';
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return { key: n === 1 ? base : `${base}_${n}`, heading: heading.trim(), body: body.trim() };
  });
}

function personMatches(search: string) {
  const pattern = likePattern(search.trim());
  return { $or: [{ firstName: { $ilike: pattern } }, { lastName: { $ilike: pattern } }, { username: { $ilike: pattern } }] };
}

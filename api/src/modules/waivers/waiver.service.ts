import type { EntityManager } from '@mikro-orm/postgresql';
import {
  ADULT_AGE,
  fullName,
  SIGNATURE_DRAWING_NOT_PNG,
  signatureNameMatches,
  signatureNameMismatch,
  type WaiverVersionForm,
} from '@studio/rules';
import { ageOn, todayIn } from '../../common/dates.js';
import { likePattern, offsetOf, SortDirection, type PageArgs } from '../../common/paging.js';
import { badInput } from '../../graphql/errors.js';
import type { EmailService } from '../email/email.service.js';
import type { NotificationService } from '../notifications/notification.service.js';
import type { Actor } from '../users/role.js';
import { User } from '../users/user.entity.js';
import { CURRENT_WAIVER_DOCUMENT_ID } from './current-version.js';
import { WaiverDocument } from './waiver-document.entity.js';
import { renderSignedWaiverPdf } from './waiver.pdf.js';
import { assertMayReadWaiverSignature, assertMaySignWaiverFor } from './waiver.policy.js';
import { WaiverSignature } from './waiver-signature.entity.js';
import { INITIAL_WAIVER } from './waiver-text.js';
import {
  MISSING_STANDINGS,
  REMINDERS_PER_REQUEST,
  STANDING_FROM_SQL,
  STANDING_SQL,
  standingWhere,
  WaiverStanding,
  type StandingQuery,
} from './waiver-standing.js';
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

export interface WaiverStatusQuery extends PageArgs, StandingQuery {
  sortField?: 'name' | 'signedAt';
  sortDirection?: SortDirection;
}

/** One person's row of a standing list. */
export interface WaiverStatusRow {
  id: string;
  person: User;
  standing: WaiverStanding;
  signature: WaiverSignature | null;
  contact: User;
}

export interface StandingCounts {
  current: number;
  outdated: number;
  never: number;
  missing: number;
}

export interface ReminderOutcome {
  reminded: number;
  emails: number;
  alreadyReminded: number;
  withoutEmail: number;
  remaining: number;
}

/** The address a person is reminded at: their own, or for a family member without a login their parent's (`g`). */
const CONTACT_EMAIL_SQL = `case when u.username is null and u.guardian_id is not null then g.email else u.email end`;

export class WaiverService {
  constructor(
    private readonly timeZone: string,
    private readonly studioName: string,
    private readonly email: EmailService,
    private readonly notifications: Pick<NotificationService, 'recipientOf'>,
    private readonly publicUrl: string,
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

  /** Active people without a signature for the current version, by name. */
  async usersWithoutSignature(em: EntityManager, q: WaiverListQuery): Promise<{ items: User[]; total: number }> {
    const { items, total } = await this.statuses(em, { ...q, standings: [...MISSING_STANDINGS] });
    return { items: items.map((row) => row.person), total };
  }

  /**
   * Every active person (minors too) and where they stand with the current version, paged; `counts` tells how many
   * the search matches in each standing. Four statements, whatever the page size.
   */
  async statuses(em: EntityManager, q: WaiverStatusQuery): Promise<{ items: WaiverStatusRow[]; total: number; counts: StandingCounts }> {
    const conn = em.getConnection();
    const ctx = em.getTransactionContext();
    const where = standingWhere(q);
    const dir = q.sortDirection === SortDirection.DESC ? 'desc' : 'asc';
    const order =
      q.sortField === 'signedAt'
        ? `latest.signed_at ${dir} nulls last, u.id ${dir}`
        : `u.last_name ${dir}, u.first_name ${dir}, u.id ${dir}`;
    const rows = await conn.execute<{ id: string; standing: WaiverStanding; signature_id: string | null }[]>(
      `select u.id, ${STANDING_SQL} as standing, latest.id as signature_id
         ${STANDING_FROM_SQL}
         left join lateral (select s.id, s.signed_at from waiver_signature s where s.signed_for_id = u.id
                             order by s.signed_at desc, s.id desc limit 1) latest on true
         ${where.sql}
        order by ${order} limit ? offset ?`,
      [...where.params, q.pageSize, offsetOf(q)],
      'all',
      ctx,
    );
    const counts = await this.standingCounts(em, q);
    const total = (q.standings?.length ? q.standings : Object.values(WaiverStanding)).reduce(
      (sum, standing) => sum + counts[standing.toLowerCase() as Lowercase<WaiverStanding>],
      0,
    );
    const people = rows.length ? await em.find(User, { id: { $in: rows.map((r) => r.id) } }, { populate: ['guardian'] }) : [];
    const signatureIds = rows.flatMap((r) => (r.signature_id ? [r.signature_id] : []));
    const signatures = signatureIds.length
      ? await em.find(WaiverSignature, { id: { $in: signatureIds } }, { populate: ['signedFor', 'signedBy', 'document'] })
      : [];
    const personById = new Map(people.map((p) => [p.id, p]));
    const signatureById = new Map(signatures.map((s) => [s.id, s]));
    const items = rows.map((r) => {
      const person = personById.get(r.id)!;
      return {
        id: r.id,
        person,
        standing: r.standing,
        signature: r.signature_id ? (signatureById.get(r.signature_id) ?? null) : null,
        contact: this.notifications.recipientOf(person),
      };
    });
    return { items, total, counts };
  }

  /** How many active people the search matches in each standing (the standing filter left out). */
  private async standingCounts(em: EntityManager, q: StandingQuery): Promise<StandingCounts> {
    const where = standingWhere(q, { withStanding: false });
    const rows = await em
      .getConnection()
      .execute<{ standing: WaiverStanding; n: number }[]>(
        `select ${STANDING_SQL} as standing, count(*)::int as n ${STANDING_FROM_SQL} ${where.sql} group by 1`,
        where.params,
        'all',
        em.getTransactionContext(),
      );
    const of = (standing: WaiverStanding) => rows.find((r) => r.standing === standing)?.n ?? 0;
    const counts = { current: of(WaiverStanding.CURRENT), outdated: of(WaiverStanding.OUTDATED), never: of(WaiverStanding.NEVER) };
    return { ...counts, missing: counts.outdated + counts.never };
  }

  /**
   * Emails everyone the filters match who has not signed the current version (a family member without a login
   * through their parent, one email per family), each person at most once a day per version: a second click, or a
   * second admin at the same time, reminds nobody twice. The emails go through the outbox; at most
   * REMINDERS_PER_REQUEST people a request, and `remaining` says how many a next request would remind.
   */
  async remindMissing(em: EntityManager, q: StandingQuery): Promise<ReminderOutcome> {
    const standings = MISSING_STANDINGS.filter((s) => !q.standings?.length || q.standings.includes(s));
    if (!standings.length) return { reminded: 0, emails: 0, alreadyReminded: 0, withoutEmail: 0, remaining: 0 };
    const today = todayIn(this.timeZone);
    const { outcome, emails } = await em.transactional(async (tx) => {
      const conn = tx.getConnection();
      const ctx = tx.getTransactionContext();
      const where = standingWhere({ ...q, standings });
      const from = `${STANDING_FROM_SQL} left join app_user g on g.id = u.guardian_id ${where.sql}`;
      const remindedToday = `exists (select 1 from waiver_reminder r where r.person_id = u.id and r.document_id = cur.id and r.day = ?)`;
      const [counts] = await conn.execute<{ matched: number; reachable: number; already: number }[]>(
        `select count(*)::int as matched, count(${CONTACT_EMAIL_SQL})::int as reachable,
                count(*) filter (where ${CONTACT_EMAIL_SQL} is not null and ${remindedToday})::int as already
           ${from}`,
        [today, ...where.params],
        'all',
        ctx,
      );
      // A family's people are next to each other, so a batch's edge seldom splits a family's email in two.
      const inserted = await conn.execute<{ person_id: string }[]>(
        `insert into waiver_reminder (id, person_id, document_id, day)
         select gen_random_uuid(), u.id, cur.id, ? ${from} and ${CONTACT_EMAIL_SQL} is not null and not ${remindedToday}
          order by (case when u.username is null and u.guardian_id is not null then u.guardian_id else u.id end), u.id
          limit ?
         on conflict (person_id, document_id, day) do nothing
         returning person_id`,
        [today, ...where.params, today, REMINDERS_PER_REQUEST],
        'all',
        ctx,
      );
      const people = inserted.length
        ? await tx.find(User, { id: { $in: inserted.map((r) => r.person_id) } }, { populate: ['guardian'], orderBy: { firstName: 'asc' } })
        : [];
      const document = await this.currentDocument(tx);
      const families = new Map<string, { contact: User; people: User[] }>();
      for (const person of people) {
        const contact = this.notifications.recipientOf(person);
        const family = families.get(contact.id) ?? { contact, people: [] };
        family.people.push(person);
        families.set(contact.id, family);
      }
      const queued = [...families.values()].map(({ contact, people: family }) =>
        this.email.queue(tx, this.reminderEmail(document, contact, family, today)),
      );
      await tx.flush();
      return {
        outcome: {
          reminded: people.length,
          emails: queued.length,
          alreadyReminded: counts.already,
          withoutEmail: counts.matched - counts.reachable,
          remaining: Math.max(0, counts.reachable - counts.already - people.length),
        },
        emails: queued,
      };
    });
    for (const email of emails) await this.email.dispatch(email);
    return outcome;
  }

  private reminderEmail(document: WaiverDocument, contact: User, people: User[], today: string) {
    const lines = people.map((person) =>
      person.id === contact.id
        ? '- you'
        : ageOn(person.birthday, today) < ADULT_AGE
          ? `- ${fullName(person)} (you sign for them as their parent or guardian)`
          : `- ${fullName(person)} (18 or older: they sign with their own account, which you can invite them to from the Family page)`,
    );
    return {
      to: contact.email!,
      subject: `Please sign the ${this.studioName} waiver`,
      text: [
        `Hi ${contact.firstName},`,
        '',
        `The studio's liability waiver (${document.documentId}, version ${document.version}) still needs a signature for:`,
        ...lines,
        '',
        `Please sign it before the next class: ${this.publicUrl}/waiver`,
        '',
        `Thank you,`,
        this.studioName,
      ].join('\n'),
      kind: 'waiver_reminder',
    } satisfies Parameters<EmailService['queue']>[1];
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

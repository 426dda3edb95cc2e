import type { EntityManager } from '@mikro-orm/postgresql';
import { ADULT_AGE, fullName } from '@studio/rules';
import { ageOn, todayIn } from '../../common/dates.js';
import { offsetOf, SortDirection, type PageArgs } from '../../common/paging.js';
import type { EmailService } from '../email/email.service.js';
import type { NotificationService } from '../notifications/notification.service.js';
import { User } from '../users/user.entity.js';
import type { WaiverDocument } from './waiver-document.entity.js';
import { WaiverSignature } from './waiver-signature.entity.js';
import {
  MISSING_STANDINGS,
  REMINDERS_PER_REQUEST,
  STANDING_FROM_SQL,
  STANDING_SQL,
  standingWhere,
  WaiverStanding,
  type StandingQuery,
} from './waiver-standing.js';
import type { WaiverService } from './waiver.service.js';

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

/** Where each person stands with the current waiver version, and reminders to those who still have to sign. */
export class WaiverStandingService {
  constructor(
    private readonly waivers: Pick<WaiverService, 'currentDocument'>,
    private readonly timeZone: string,
    private readonly studioName: string,
    private readonly email: EmailService,
    private readonly notifications: Pick<NotificationService, 'recipientOf'>,
    private readonly publicUrl: string,
  ) {}

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
      const document = await this.waivers.currentDocument(tx);
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

  /** Active people without a signature for the current version, by name. */
  async usersWithoutSignature(em: EntityManager, q: PageArgs & { search?: string | null }): Promise<{ items: User[]; total: number }> {
    const { items, total } = await this.statuses(em, { ...q, standings: [...MISSING_STANDINGS] });
    return { items: items.map((row) => row.person), total };
  }
}

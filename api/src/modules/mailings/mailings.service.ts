import { LockMode, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import type { MailingMergeField } from '@studio/rules';
import type PgBoss from 'pg-boss';
import { offsetOf, type PageArgs } from '../../common/paging.js';
import { describeClassTime } from '../../common/studio-time.js';
import type { Env } from '../../env.js';
import { badInput, conflict, notFound } from '../../graphql/errors.js';
import { log } from '../../logger.js';
import type { EmailService } from '../email/email.service.js';
import type { GroupService } from '../groups/groups.service.js';
import { User } from '../users/user.entity.js';
import { isEmpty, resolvedAudience, type GroupCondition } from './mailing-audience.js';
import type { MailingAttachments } from './mailing-attachment.js';
import { MailingTemplate } from './mailing-render.js';
import { Mailing, MailingAudience, MailingStatus } from './mailing.entity.js';
import { MailingOptOuts } from './mailing-opt-outs.js';
import type { MailingAudienceMember, MailingAudienceSummary, MailingInclusion, MailingInput, MailingPreview } from './mailings.types.js';
import { unsubscribeToken } from './unsubscribe-token.js';
import { pgArray } from '../../common/pg-array.js';

export const MAILING_QUEUE = 'mailing-send';
/** A sending job hands one slice of the recipients to the outbox, then queues itself this many seconds on. */
const SLICE_SECONDS = 10;
const SAMPLE_SIZE = 5;
export const MAILING_KIND = 'mailing';

type MergeValues = Record<MailingMergeField, string>;

interface AudienceRow {
  user_id: string;
  first_name: string;
  last_name: string;
  address: string | null;
  via_parent: boolean;
  excluded: string | null;
}

const nameOf = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`.trim();
const memberOf = (row: AudienceRow): MailingAudienceMember => ({
  userId: row.user_id,
  name: nameOf(row),
  address: row.address,
  viaParent: row.via_parent,
  excludedReason: row.excluded,
});

/**
 * Email to many members (/admin/email): who an audience reaches and why, a preview and a test send, then sending
 * through the outbox at the studio's rate, a slice at a time, by a job that resumes where it stopped. Mailings honour
 * unsubscribes at once; transactional email (receipts, resets, reminders) never reads them.
 */
export class MailingService {
  private readonly groupCondition: GroupCondition;
  /** Who takes no more mailings. */
  readonly optOuts: MailingOptOuts;

  constructor(
    private readonly env: Env,
    private readonly orm: MikroORM,
    private readonly jobs: PgBoss,
    private readonly email: EmailService,
    groups: GroupService,
    readonly attachments: MailingAttachments,
  ) {
    this.groupCondition = (em, groupId) => groups.condition(em, groupId);
    this.optOuts = new MailingOptOuts(email);
  }

  private get sliceSize(): number {
    return Math.max(1, Math.round((this.env.MAILING_RATE_PER_MINUTE / 60) * SLICE_SECONDS));
  }

  private audienceOf(input: MailingInput['audience']): MailingAudience {
    const audience = Object.assign(new MailingAudience(), {
      groupIds: [...new Set(input.groupIds)],
      roles: [...new Set(input.roles)],
      classInstanceIds: [...new Set(input.classInstanceIds)],
      userIds: [...new Set(input.userIds)],
    });
    if (isEmpty(audience)) throw badInput('Choose who receives it: a group, a role, a class or people.');
    return audience;
  }

  private async resolve<T>(em: EntityManager, audience: MailingAudience, then: string, params: unknown[] = []): Promise<T[]> {
    const statement = await resolvedAudience(em, audience, this.groupCondition, { sql: then, params });
    return em.getConnection().execute<T[]>(statement.sql, statement.params, 'all', em.getTransactionContext());
  }

  /** Who the audience reaches now: the count, who is left out and why, and a few names of each. One statement. */
  async summary(em: EntityManager, input: MailingInput['audience']): Promise<MailingAudienceSummary> {
    const [row] = await this.resolve<{
      counts: { reason: string | null; count: number }[];
      sample: AudienceRow[];
      left_out: AudienceRow[];
    }>(
      em,
      this.audienceOf(input),
      `select
        (select coalesce(json_agg(json_build_object('reason', excluded, 'count', n)), '[]') from
          (select excluded, count(*)::int as n from resolved group by excluded order by excluded nulls first) c) as counts,
        (select coalesce(json_agg(s), '[]') from
          (select * from resolved where excluded is null order by last_name, first_name, user_id limit ${SAMPLE_SIZE}) s) as sample,
        (select coalesce(json_agg(s), '[]') from
          (select * from resolved where excluded is not null order by excluded, last_name, first_name limit ${SAMPLE_SIZE * 2}) s) as left_out`,
    );
    return {
      recipients: row.counts.find((c) => c.reason === null)?.count ?? 0,
      excluded: row.counts.filter((c) => c.reason !== null).map((c) => ({ reason: c.reason!, count: c.count })),
      sample: row.sample.map(memberOf),
      excludedSample: row.left_out.map(memberOf),
    };
  }

  /** "Why is this person included": each source that names them, in words, and whether they receive it. */
  async inclusion(em: EntityManager, input: MailingInput['audience'], userId: string): Promise<MailingInclusion> {
    const audience = this.audienceOf(input);
    const rows = await this.resolve<AudienceRow & { sources: string[] }>(
      em,
      audience,
      `select r.*, (select array_agg(distinct c.source) from candidate c where c.user_id = r.user_id) as sources
        from resolved r where r.user_id = ?`,
      [userId],
    );
    if (!rows.length) return { included: false, reasons: [], member: null };
    const [row] = rows;
    const user = await em.findOneOrFail(User, row.user_id);
    const reasons = await Promise.all(row.sources.map((source) => this.describeSource(em, source, user)));
    return { included: row.excluded === null, reasons, member: memberOf(row) };
  }

  private async describeSource(em: EntityManager, source: string, user: User): Promise<string> {
    const [kind, id] = source.split(':');
    const connection = em.getConnection();
    if (kind === 'group') {
      const [group] = await connection.execute<{ name: string }[]>('select name from member_group where id = ?', [id]);
      return `In the group “${group?.name ?? 'unknown'}”`;
    }
    if (kind === 'class') {
      const [cls] = await connection.execute<{ name: string; starts_at: Date }[]>(
        'select b.name, ci.starts_at from class_instance ci join class_blueprint b on b.id = ci.blueprint_id where ci.id = ?',
        [id],
      );
      return cls
        ? `On the roster of ${cls.name}, ${describeClassTime(new Date(cls.starts_at), this.env.STUDIO_TIME_ZONE)}`
        : 'On a class roster';
    }
    if (kind === 'role') return `Has the role ${user.role}`;
    return 'Chosen by name';
  }

  /** The merge fields of each person: first name, their next booked class, classes left on their unexpired packs. */
  private async mergeValues(em: EntityManager, userIds: string[]): Promise<Map<string, MergeValues>> {
    const rows = await em
      .getConnection()
      .execute<{ id: string; first_name: string; class_name: string | null; starts_at: Date | null; pack_left: number }[]>(
        `select u.id, u.first_name, nc.name as class_name, nc.starts_at,
          (select coalesce(sum(p.classes - p.used), 0)::int from class_pack p where p.owner_id = u.id and p.expires_at > now()) as pack_left
        from app_user u
        left join lateral (
          select cb.name, ci.starts_at from booking b
            join class_instance ci on ci.id = b.class_instance_id
            join class_blueprint cb on cb.id = ci.blueprint_id
          where b.attendee_id = u.id and b.status = 'confirmed' and ci.starts_at > now() and ci.cancelled_at is null
          order by ci.starts_at limit 1) nc on true
        where u.id = any(?::uuid[])`,
        [pgArray(userIds)],
        'all',
        em.getTransactionContext(),
      );
    const zone = this.env.STUDIO_TIME_ZONE;
    return new Map(
      rows.map((r) => [
        r.id,
        {
          firstName: r.first_name,
          nextClass:
            r.class_name && r.starts_at ? `${r.class_name}, ${describeClassTime(new Date(r.starts_at), zone)}` : 'no class booked yet',
          packClassesLeft: String(r.pack_left),
        },
      ]),
    );
  }

  private template(input: { subject: string; body: string }): MailingTemplate {
    return new MailingTemplate(input.subject, input.body, this.env.STUDIO_NAME);
  }

  private unsubscribeUrl(addresseeId: string): string {
    return `${this.env.publicUrl}/api/email/unsubscribe/${unsubscribeToken(this.env.jwtSecret, addresseeId)}`;
  }

  /** The email as its first recipient (by name) will read it; with nobody to receive it, as the admin would. */
  async preview(em: EntityManager, input: MailingInput, viewer: User): Promise<MailingPreview> {
    const { sample } = await this.summary(em, input.audience);
    const person = sample[0] ? await em.findOneOrFail(User, sample[0].userId) : viewer;
    const values = (await this.mergeValues(em, [person.id])).get(person.id)!;
    const rendered = this.template(input).fill(values, this.unsubscribeUrl(person.id));
    return { ...rendered, recipientName: `${person.firstName} ${person.lastName}` };
  }

  /** Sends the email to the admin alone, filled with their own merge fields, marked as a test. */
  async sendTest(em: EntityManager, input: Pick<MailingInput, 'subject' | 'body' | 'attachmentIds'>, viewer: User): Promise<string> {
    if (!viewer.email) throw badInput('Your account has no email address: add one on your profile to receive a test.');
    const attachments = await this.attachments.forMailing(em, input.attachmentIds ?? []);
    const values = (await this.mergeValues(em, [viewer.id])).get(viewer.id)!;
    const rendered = this.template(input).fill(values, this.unsubscribeUrl(viewer.id));
    const message = this.email.queue(em, {
      to: viewer.email,
      kind: 'mailing_test',
      ...rendered,
      subject: `[Test] ${rendered.subject}`,
      attachments,
    });
    await em.flush();
    await this.email.dispatch(message);
    return viewer.email;
  }

  /** A mailing to send now or at `scheduledAt`; its recipients are resolved when it starts. */
  async create(em: EntityManager, input: MailingInput, viewer: User): Promise<Mailing> {
    const audience = this.audienceOf(input.audience);
    await this.checkSources(em, audience);
    const now = new Date();
    if (input.scheduledAt && input.scheduledAt.getTime() < now.getTime() - 60_000)
      throw badInput('That time has passed: choose a time ahead, or send now.', { scheduledAt: 'Choose a time ahead.' });
    if (input.scheduledAt && input.scheduledAt.getTime() > now.getTime() + 366 * 86_400_000)
      throw badInput('Schedule it within a year.', { scheduledAt: 'Within a year.' });
    const scheduledAt = input.scheduledAt && input.scheduledAt > now ? input.scheduledAt : now;
    const mailing = new Mailing({ subject: input.subject, body: input.body, audience, scheduledAt, createdBy: viewer });
    mailing.attachments = (await this.attachments.forMailing(em, input.attachmentIds ?? [])) || null;
    em.persist(mailing);
    await em.flush();
    await this.queueRun(mailing.id, scheduledAt);
    return mailing;
  }

  private async checkSources(em: EntityManager, audience: MailingAudience): Promise<void> {
    const connection = em.getConnection();
    const missing = async (table: string, ids: string[]) =>
      ids.length
        ? (
            await connection.execute<{ n: number }[]>(`select count(*)::int as n from ${table} where id = any(?::uuid[])`, [pgArray(ids)])
          )[0].n < ids.length
        : false;
    if (await missing('member_group', audience.groupIds)) throw notFound('That group');
    if (await missing('class_instance', audience.classInstanceIds)) throw notFound('That class');
    if (await missing('app_user', audience.userIds)) throw notFound('That person');
  }

  private async queueRun(id: string, at: Date): Promise<void> {
    await this.jobs.send(MAILING_QUEUE, { id }, { startAfter: at, retryLimit: 10, retryDelay: 10, retryBackoff: true });
  }

  /** Stops a mailing: what is not sent yet is withdrawn from the outbox (what went stays sent). */
  async cancel(em: EntityManager, id: string): Promise<Mailing> {
    // The row lock waits for a slice being written, so no message of it escapes the withdrawal.
    return em.transactional(async (tx) => {
      const mailing = await tx.findOne(Mailing, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!mailing) throw notFound('That mailing');
      if (mailing.status === MailingStatus.sent || mailing.status === MailingStatus.cancelled)
        throw conflict(`That mailing is already ${mailing.status}: what went out stays sent.`);
      mailing.status = MailingStatus.cancelled;
      mailing.finishedAt = new Date();
      await tx.flush();
      await this.email.withdraw(
        tx,
        { sql: 'select outbox_email_id from mailing_recipient where mailing_id = ?', params: [mailing.id] },
        'The mailing was cancelled',
      );
      return mailing;
    });
  }

  async get(em: EntityManager, id: string): Promise<Mailing> {
    return em.findOneOrFail(Mailing, { id }, { failHandler: () => notFound('That mailing') });
  }

  async list(em: EntityManager, page: PageArgs): Promise<{ items: Mailing[]; total: number }> {
    const [items, total] = await em.findAndCount(
      Mailing,
      {},
      { orderBy: { createdAt: 'desc', id: 'asc' }, limit: page.pageSize, offset: offsetOf(page) },
    );
    return { items, total };
  }

  /**
   * One run of the sending job: the first resolves the audience into recipient rows (once: the unique key); each
   * writes the next slice of messages to the outbox in one transaction, with the mailing's row locked (so two
   * workers never write one slice twice), hands them to delivery spread over the slice's seconds, and queues the
   * next run. A run that stops midway leaves the rest for the next one.
   */
  async run(id: string): Promise<void> {
    const em = this.orm.em.fork();
    const sliceSize = this.sliceSize;
    const written = await em.transactional(async (tx) => {
      const mailing = await tx.findOne(Mailing, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!mailing || mailing.status === MailingStatus.sent || mailing.status === MailingStatus.cancelled) return null;
      if (mailing.status === MailingStatus.scheduled) {
        if (mailing.scheduledAt.getTime() > Date.now() + 1000) return null; // an early job (rescheduled): the sweep runs it
        await this.resolveRecipients(tx, mailing);
        mailing.status = MailingStatus.sending;
        mailing.startedAt = new Date();
      }
      const { ids, full: more } = await this.writeSlice(tx, mailing, sliceSize);
      if (more) mailing.nextRunAt = new Date(Date.now() + SLICE_SECONDS * 1000);
      else {
        mailing.status = MailingStatus.sent;
        mailing.finishedAt = new Date();
      }
      return { ids, more };
    });
    if (!written) return;
    await this.email.dispatchMany(written.ids, { offset: 0, perSecond: this.env.MAILING_RATE_PER_MINUTE / 60 });
    if (written.more) await this.queueRun(id, new Date(Date.now() + SLICE_SECONDS * 1000));
    log.info('mailing slice handed to the outbox', { mailingId: id, emails: written.ids.length, more: written.more });
  }

  private async resolveRecipients(tx: EntityManager, mailing: Mailing): Promise<void> {
    const statement = await resolvedAudience(tx, mailing.audience, this.groupCondition, {
      sql: `insert into mailing_recipient (id, mailing_id, user_id, addressee_id, address, via_parent, excluded_reason)
        select gen_random_uuid(), ?, user_id, addressee_id, address, coalesce(via_parent, false), excluded from resolved
        on conflict (mailing_id, user_id) do nothing`,
      params: [mailing.id],
    });
    await tx.getConnection().execute(statement.sql, statement.params, 'run', tx.getTransactionContext());
  }

  /** Writes the next slice's messages to the outbox; a recipient who unsubscribed since the start is left out. */
  private async writeSlice(tx: EntityManager, mailing: Mailing, size: number): Promise<{ ids: string[]; full: boolean }> {
    const connection = tx.getConnection();
    const context = tx.getTransactionContext();
    const slice = await connection.execute<{ id: string; user_id: string; addressee_id: string; address: string; opted_out: boolean }[]>(
      `select r.id, r.user_id, r.addressee_id, r.address,
          exists (select 1 from email_opt_out o where o.user_id = r.addressee_id) as opted_out
        from mailing_recipient r
        where r.mailing_id = ? and r.outbox_email_id is null and r.excluded_reason is null
        order by r.user_id limit ?`,
      [mailing.id, size],
      'all',
      context,
    );
    const optedOut = slice.filter((r) => r.opted_out).map((r) => r.id);
    if (optedOut.length)
      await connection.execute(
        `update mailing_recipient set excluded_reason = 'unsubscribed' where id = any(?::uuid[])`,
        [pgArray(optedOut)],
        'run',
        context,
      );
    const sending = slice.filter((r) => !r.opted_out);
    const values = await this.mergeValues(
      tx,
      sending.map((r) => r.user_id),
    );
    const template = this.template(mailing);
    const messages = sending.map((r) => {
      const url = this.unsubscribeUrl(r.addressee_id);
      return this.email.queue(tx, {
        to: r.address,
        kind: MAILING_KIND,
        ...template.fill(values.get(r.user_id)!, url),
        headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
        attachments: mailing.attachments,
      });
    });
    await tx.flush();
    if (messages.length)
      await connection.execute(
        `update mailing_recipient r set outbox_email_id = v.email_id
          from (select unnest(?::uuid[]) as id, unnest(?::uuid[]) as email_id) v where r.id = v.id`,
        [pgArray(sending.map((r) => r.id)), pgArray(messages.map((m) => m.id))],
        'run',
        context,
      );
    return { ids: messages.map((m) => m.id), full: slice.length === size };
  }

  /** Runs the mailings that are due but whose job was lost (the process stopped, the job expired). */
  async sweep(): Promise<number> {
    const rows = await this.orm.em
      .fork()
      .getConnection()
      .execute<{ id: string }[]>(
        `select id from mailing where status in ('scheduled', 'sending') and next_run_at < now() - interval '1 minute' limit 100`,
      );
    for (const { id } of rows) await this.queueRun(id, new Date());
    return rows.length;
  }
}

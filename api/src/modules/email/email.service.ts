import type { EntityManager, FilterQuery, MikroORM } from '@mikro-orm/postgresql';
import { isUUID } from 'class-validator';
import nodemailer, { type Transporter } from 'nodemailer';
import type PgBoss from 'pg-boss';
import type { Env } from '../../env.js';
import { likePattern, offsetOf, type PageArgs } from '../../common/paging.js';
import { notFound } from '../../graphql/errors.js';
import { log } from '../../logger.js';
import type { FileStorage } from '../../storage/index.js';
import { OutboxEmail, OutboxStatus, type OutboxAttachment } from './outbox-email.entity.js';
import { pgArray } from '../../common/pg-array.js';

export const DELIVER_QUEUE = 'email-deliver';
const MAX_ATTEMPTS = 5;
/** Long enough for the transaction that queued a message to commit. */
const AFTER_COMMIT_DELAY_SECONDS = 2;
/** One message (a reset link, a receipt) goes ahead of a mailing's many waiting in the queue. */
const ONE_MESSAGE_PRIORITY = 10;

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  kind: string;
  /** An HTML part beside the text, already made safe by the caller. */
  html?: string | null;
  headers?: Record<string, string> | null;
  attachments?: OutboxAttachment[] | null;
}

/** A mail server's permanent refusal (5xx, e.g. "550 no such user"): retrying cannot help, the address bounced. */
function isPermanentRefusal(err: unknown): boolean {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Transactional outbox for email. `queue` writes the message with the caller's unit of work; after the flush,
 * `dispatch` asks pg-boss to deliver it. Without SMTP_URL the message is kept in the admin-visible outbox.
 */
export class EmailService {
  private readonly transport: Transporter | null;

  constructor(
    private readonly env: Env,
    private readonly orm: MikroORM,
    private readonly jobs: PgBoss,
    private readonly storage: FileStorage,
  ) {
    this.transport = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : null;
  }

  /** The outbox, newest first, optionally in one status. */
  async outbox(
    em: EntityManager,
    q: PageArgs & { status?: OutboxStatus | null; search?: string | null },
  ): Promise<{ items: OutboxEmail[]; total: number }> {
    const where: FilterQuery<OutboxEmail> = {
      ...(q.status ? { status: q.status } : {}),
      ...(q.search?.trim()
        ? { $or: [{ to: { $ilike: likePattern(q.search.trim()) } }, { subject: { $ilike: likePattern(q.search.trim()) } }] }
        : {}),
    };
    const [items, total] = await em.findAndCount(OutboxEmail, where, {
      orderBy: { createdAt: 'desc', id: 'asc' },
      limit: q.pageSize,
      offset: offsetOf(q),
    });
    return { items, total };
  }

  queue(em: EntityManager, message: EmailMessage): OutboxEmail {
    const email = new OutboxEmail(message);
    em.persist(email);
    return email;
  }

  /** Call after the flush that stored the message; `startAfterSeconds` spaces out a mailing's messages. */
  async dispatch(email: Pick<OutboxEmail, 'id'>, startAfterSeconds = 0): Promise<void> {
    await this.jobs.send(
      DELIVER_QUEUE,
      { id: email.id },
      {
        singletonKey: email.id,
        startAfter: startAfterSeconds,
        priority: ONE_MESSAGE_PRIORITY,
        retryLimit: MAX_ATTEMPTS,
        retryDelay: 5,
        retryBackoff: true,
      },
    );
  }

  /** Many messages at once (a mailing's batch), the i-th starting `i / perSecond` seconds after `offset`. */
  async dispatchMany(ids: string[], { offset, perSecond }: { offset: number; perSecond: number }): Promise<void> {
    if (!ids.length) return;
    await this.jobs.insert(
      ids.map((id, i): PgBoss.JobInsert => ({
        name: DELIVER_QUEUE,
        data: { id },
        singletonKey: id,
        startAfter: new Date(Date.now() + ((offset + i) / perSecond) * 1000),
        retryLimit: MAX_ATTEMPTS,
        retryDelay: 5,
        retryBackoff: true,
      })),
    );
  }

  async find(em: EntityManager, id: string): Promise<OutboxEmail> {
    const email = isUUID(id) && (await em.findOne(OutboxEmail, { id }));
    if (!email) throw notFound('That email');
    return email;
  }

  /** Sends a message again, as a new message of the outbox (the first one stays in the history as it was). */
  async resend(em: EntityManager, id: string): Promise<OutboxEmail> {
    const original = await this.find(em, id);
    const copy = this.queue(em, {
      to: original.to,
      subject: original.subject,
      text: original.text,
      html: original.html,
      headers: original.headers,
      attachments: original.attachments,
      kind: original.kind,
    });
    await em.flush();
    await this.dispatch(copy);
    return copy;
  }

  /** Withdraws messages not sent yet (their recipient unsubscribed, their mailing was cancelled); answers how many. */
  async withdraw(em: EntityManager, ids: string[] | { sql: string; params: unknown[] }, reason: string): Promise<number> {
    const where = Array.isArray(ids)
      ? { sql: 'id = any(?::uuid[])', params: [pgArray(ids)] }
      : { sql: `id in (${ids.sql})`, params: ids.params };
    const rows = await em
      .getConnection()
      .execute<{ id: string }[]>(
        `update outbox_email set status = 'cancelled', last_error = ? where status = 'pending' and ${where.sql} returning id`,
        [reason, ...where.params],
        'all',
        em.getTransactionContext(),
      );
    return rows.length;
  }

  /**
   * For a message queued inside a transaction that commits later (a notification's email, written wherever the
   * notification is): delivery is asked for now and starts a few seconds on, once the message is committed. A
   * message it cannot see then (rolled back, or a slower transaction) is skipped; the sweep sends a late one.
   */
  async dispatchAfterCommit(email: OutboxEmail): Promise<void> {
    await this.jobs.send(
      DELIVER_QUEUE,
      { id: email.id },
      {
        singletonKey: email.id,
        startAfter: AFTER_COMMIT_DELAY_SECONDS,
        priority: ONE_MESSAGE_PRIORITY,
        retryLimit: MAX_ATTEMPTS,
        retryDelay: 5,
        retryBackoff: true,
      },
    );
  }

  /** Sends one message of the outbox (or holds it without SMTP); a failure before the last attempt throws, to be retried. */
  async deliver(id: string): Promise<void> {
    const em = this.orm.em.fork();
    const email = await em.findOne(OutboxEmail, { id, status: OutboxStatus.pending });
    if (!email) return;
    if (!this.transport) {
      email.status = OutboxStatus.held;
      await em.flush();
      log.info('email held in outbox (no SMTP_URL)', { id, kind: email.kind });
      return;
    }
    email.attempts += 1;
    try {
      await this.transport.sendMail({
        from: this.env.MAIL_FROM,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        ...(email.headers ? { headers: email.headers } : {}),
        ...(email.attachments?.length ? { attachments: await this.attachmentsOf(email.attachments) } : {}),
      });
      email.status = OutboxStatus.sent;
      email.sentAt = new Date();
      email.lastError = null;
      await em.flush();
    } catch (err) {
      email.lastError = (err as Error).message.slice(0, 1000);
      if (isPermanentRefusal(err)) email.bounced = true;
      if (email.bounced || email.attempts >= MAX_ATTEMPTS) email.status = OutboxStatus.failed;
      await em.flush();
      if (email.status !== OutboxStatus.failed) throw err; // pg-boss retries with backoff
    }
  }

  /** A message's files as the mail transport takes them: streamed from storage, never read whole. */
  private async attachmentsOf(list: OutboxAttachment[]) {
    return Promise.all(
      list.map(async ({ filename, contentType, key }) => {
        const file = await this.storage.open(key);
        if (!file) throw new Error(`The attachment ${filename} is missing from the file storage.`);
        return { filename, contentType, content: await file.read() };
      }),
    );
  }

  /** Queues again the messages still pending a minute on (their delivery job was lost); answers how many. */
  async sweep(): Promise<number> {
    const em = this.orm.em.fork();
    const stale = await em.find(
      OutboxEmail,
      { status: OutboxStatus.pending, createdAt: { $lt: new Date(Date.now() - 60_000) } },
      { limit: 100 },
    );
    for (const email of stale) await this.dispatch(email);
    return stale.length;
  }
}

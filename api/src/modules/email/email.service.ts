import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import nodemailer, { type Transporter } from 'nodemailer';
import type PgBoss from 'pg-boss';
import type { Env } from '../../env.js';
import { offsetOf, type PageArgs } from '../../common/paging.js';
import { log } from '../../logger.js';
import { OutboxEmail, OutboxStatus } from './outbox-email.entity.js';

export const DELIVER_QUEUE = 'email-deliver';
const MAX_ATTEMPTS = 5;
/** Long enough for the transaction that queued a message to commit. */
const AFTER_COMMIT_DELAY_SECONDS = 2;

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  kind: string;
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
  ) {
    this.transport = env.SMTP_URL ? nodemailer.createTransport(env.SMTP_URL) : null;
  }

  /** The outbox, newest first, optionally in one status. */
  async outbox(em: EntityManager, q: PageArgs & { status?: OutboxStatus | null }): Promise<{ items: OutboxEmail[]; total: number }> {
    const [items, total] = await em.findAndCount(OutboxEmail, q.status ? { status: q.status } : {}, {
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

  /** Call after the flush that stored the message. */
  async dispatch(email: OutboxEmail): Promise<void> {
    await this.jobs.send(
      DELIVER_QUEUE,
      { id: email.id },
      { singletonKey: email.id, retryLimit: MAX_ATTEMPTS, retryDelay: 5, retryBackoff: true },
    );
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
      { singletonKey: email.id, startAfter: AFTER_COMMIT_DELAY_SECONDS, retryLimit: MAX_ATTEMPTS, retryDelay: 5, retryBackoff: true },
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
      await this.transport.sendMail({ from: this.env.MAIL_FROM, to: email.to, subject: email.subject, text: email.text });
      email.status = OutboxStatus.sent;
      email.sentAt = new Date();
      email.lastError = null;
      await em.flush();
    } catch (err) {
      email.lastError = (err as Error).message.slice(0, 1000);
      if (email.attempts >= MAX_ATTEMPTS) email.status = OutboxStatus.failed;
      await em.flush();
      if (email.status !== OutboxStatus.failed) throw err; // pg-boss retries with backoff
    }
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

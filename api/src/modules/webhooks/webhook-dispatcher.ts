import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type PgBoss from 'pg-boss';
import pLimit from 'p-limit';
import { pgArray } from '../../common/pg-array.js';
import type { Env } from '../../env.js';
import { log } from '../../logger.js';
import { NotificationType } from '../notifications/notification.entity.js';
import type { NotificationService } from '../notifications/notification.service.js';
import { WebhookDeliveryState } from './webhook.entity.js';
import type { WebhookAnswer, WebhookSender } from './webhook-sender.js';

export const SEND_QUEUE = 'webhooks-send';

/**
 * When each attempt is made, in seconds after the one before failed (the Standard Webhooks schedule): at once, then
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h and 24 h. A delivery whose last attempt fails is given up.
 */
export const RETRY_SCHEDULE_SECONDS = [0, 5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400] as const;
/** An endpoint whose every attempt failed for this long is disabled and the admins are told. */
export const DISABLE_AFTER_FAILING_DAYS = 5;
/** A Retry-After longer than this is read as this. */
const MAX_RETRY_AFTER_SECONDS = 86400;
/** Deliveries claimed at once by one sender (and sent in parallel, at most 16 connections per receiver). */
const BATCH = 50;
/** A sender stops taking new batches after this long (the next job goes on). */
const RUN_FOR_MS = 50_000;

interface Claimed {
  id: string;
  endpoint_id: string;
  message_id: string;
  type: string;
  data: unknown;
  occurred_at: string | Date;
  attempts: number;
}

interface Signing {
  id: string;
  url: string;
  secret: string;
  previous_secret: string | null;
  /** As the driver answers a timestamptz read raw: a string. */
  previous_secret_until: string | Date | null;
}

/** The body of a delivery, as every attempt sends it: `{type, timestamp, data}`. */
export function webhookBody(delivery: { type: string; occurredAt: Date; data: unknown }): string {
  return JSON.stringify({ type: delivery.type, timestamp: delivery.occurredAt.toISOString(), data: delivery.data });
}

/**
 * The sending half of outgoing webhooks, run by the `webhooks-send` queue: claims due deliveries (SKIP LOCKED, with a
 * lease), POSTs each batch in parallel and records every attempt and what it means for its delivery and endpoint
 * (retry on the schedule, give up, disable the endpoint and tell the admins). At least once: a sender that dies after
 * the POST and before recording it leaves the delivery to be sent again once its lease ends; a recorded success is
 * never sent again except by an admin's replay.
 */
export class WebhookDispatcher {
  private readonly leaseSeconds: number;

  constructor(
    env: Env,
    private readonly orm: MikroORM,
    private readonly jobs: PgBoss,
    private readonly notifications: NotificationService,
    private readonly sender: WebhookSender,
  ) {
    // A batch takes at most one timeout (its requests run side by side); the lease leaves room for the records too.
    this.leaseSeconds = Math.ceil(env.WEBHOOKS_TIMEOUT_MS / 1000) * 2 + 60;
  }

  /** A run for the next retry (one per second it is due at, however many senders ask for it). */
  private async wakeForRetry(inSeconds: number): Promise<void> {
    const dueAt = Math.floor(Date.now() / 1000) + inSeconds;
    await this.jobs.send(SEND_QUEUE, {}, { startAfter: inSeconds, singletonKey: `retry:${dueAt}`, singletonSeconds: 1, retryLimit: 0 });
  }

  /**
   * The queue's run: claims due deliveries in batches and sends each batch in parallel until none is due (or the run
   * has gone on long enough); then asks for a run when the next retry within a minute is due (the per-minute schedule
   * covers later ones). Answers how many attempts it made.
   */
  async run(): Promise<number> {
    const until = Date.now() + RUN_FOR_MS;
    let sent = 0;
    while (Date.now() < until) {
      const claimed = await this.claim();
      if (!claimed.length) break;
      sent += claimed.length;
      await this.sendBatch(claimed);
    }
    const [next] = await this.orm.em.getConnection().execute<{ in_seconds: number | null }[]>(
      `select extract(epoch from min(d.next_at) - now()) as in_seconds from webhook_delivery d join webhook_endpoint e on e.id = d.endpoint_id
          where d.state = 'pending' and e.enabled`,
    );
    const inSeconds = next?.in_seconds == null ? null : Number(next.in_seconds);
    if (inSeconds != null && inSeconds < 60) await this.wakeForRetry(Math.max(0, Math.ceil(inSeconds)));
    return sent;
  }

  private async claim(): Promise<Claimed[]> {
    return this.orm.em.getConnection().execute<Claimed[]>(
      `update webhook_delivery d set state = 'sending', attempts = d.attempts + 1, lease_until = now() + make_interval(secs => ?)
         from (select d2.id from webhook_delivery d2 join webhook_endpoint e on e.id = d2.endpoint_id
                where e.enabled and d2.next_at <= now()
                  and (d2.state = 'pending' or (d2.state = 'sending' and d2.lease_until < now()))
                order by d2.next_at, d2.id limit ? for update of d2 skip locked) due
        where d.id = due.id
        returning d.id, d.endpoint_id, d.message_id, d.type, d.data, d.occurred_at, d.attempts`,
      [this.leaseSeconds, BATCH],
    );
  }

  private async sendBatch(claimed: Claimed[]): Promise<void> {
    const em = this.orm.em.fork();
    const endpoints = await em
      .getConnection()
      .execute<Signing[]>(
        `select id, url, secret, previous_secret, previous_secret_until from webhook_endpoint where id = any(?::uuid[])`,
        [pgArray([...new Set(claimed.map((c) => c.endpoint_id))])],
      );
    const byId = new Map(endpoints.map((e) => [e.id, e]));
    const limit = pLimit(BATCH);
    const answers = await Promise.all(
      claimed.map((c) =>
        limit(async () => {
          const endpoint = byId.get(c.endpoint_id);
          if (!endpoint) return null; // deleted meanwhile: its deliveries went with it
          const secrets = [endpoint.secret];
          if (endpoint.previous_secret && endpoint.previous_secret_until && new Date(endpoint.previous_secret_until) > new Date())
            secrets.push(endpoint.previous_secret);
          const body = webhookBody({ type: c.type, occurredAt: new Date(c.occurred_at), data: c.data });
          return { claimed: c, answer: await this.sender.send({ url: endpoint.url, messageId: c.message_id, body, secrets }) };
        }),
      ),
    );
    await this.recordAnswers(answers.filter((a): a is { claimed: Claimed; answer: WebhookAnswer } => a !== null));
  }

  /** Writes a batch's attempts and what each one means for its delivery and endpoint, in one transaction. */
  private async recordAnswers(results: { claimed: Claimed; answer: WebhookAnswer }[]): Promise<void> {
    if (!results.length) return;
    const outcomes = results.map(({ claimed, answer }) => ({ claimed, answer, ...outcomeOf(claimed, answer) }));
    const disabled = await this.orm.em.fork().transactional(async (tx) => {
      const conn = tx.getConnection();
      const ctx = tx.getTransactionContext();
      const attempts = outcomes.map(({ claimed, answer }) => ({
        id: randomUUID(),
        delivery_id: claimed.id,
        status: answer.status,
        duration_ms: answer.durationMs,
        response: answer.response,
        error: answer.error,
      }));
      await conn.execute(
        `insert into webhook_attempt (id, delivery_id, status, duration_ms, response, error, at)
         select id, delivery_id, status, duration_ms, coalesce(response, ''), error, now()
           from jsonb_to_recordset(?::jsonb) as r(id uuid, delivery_id uuid, status smallint, duration_ms int, response text, error text)
          where exists (select 1 from webhook_delivery d where d.id = r.delivery_id)`,
        [JSON.stringify(attempts)],
        'run',
        ctx,
      );
      // Only a delivery still claimed by this attempt changes (a replay or a newer claim meanwhile wins).
      const updates = outcomes.map(({ claimed, state, retryInSeconds }) => ({
        id: claimed.id,
        attempts: claimed.attempts,
        state,
        retry_in: retryInSeconds,
      }));
      await conn.execute(
        `update webhook_delivery d
            set state = r.state::text,
                next_at = case when r.state = 'pending' then now() + make_interval(secs => r.retry_in) else d.next_at end,
                succeeded_at = case when r.state = 'succeeded' then now() else d.succeeded_at end,
                lease_until = null
           from jsonb_to_recordset(?::jsonb) as r(id uuid, attempts int, state text, retry_in int)
          where d.id = r.id and d.state = 'sending' and d.attempts = r.attempts`,
        [JSON.stringify(updates)],
        'run',
        ctx,
      );
      const succeeded = [...new Set(outcomes.filter((o) => o.state === 'succeeded').map((o) => o.claimed.endpoint_id))];
      const failed = [...new Set(outcomes.filter((o) => o.state !== 'succeeded').map((o) => o.claimed.endpoint_id))].filter(
        (id) => !succeeded.includes(id),
      );
      const gone = [...new Set(outcomes.filter((o) => o.answer.status === 410).map((o) => o.claimed.endpoint_id))];
      if (succeeded.length)
        await conn.execute(
          `update webhook_endpoint set failing_since = null where id = any(?::uuid[]) and failing_since is not null`,
          [pgArray(succeeded)],
          'run',
          ctx,
        );
      if (failed.length)
        await conn.execute(
          `update webhook_endpoint set failing_since = now() where id = any(?::uuid[]) and failing_since is null`,
          [pgArray(failed)],
          'run',
          ctx,
        );
      const off = await conn.execute<{ id: string; url: string; reason: string }[]>(
        `update webhook_endpoint set enabled = false, disabled_at = now(),
                disabled_reason = case when id = any(?::uuid[]) then 'The receiver answered 410 Gone'
                                       else 'Every delivery failed for ${DISABLE_AFTER_FAILING_DAYS} days' end
          where enabled and (id = any(?::uuid[]) or (id = any(?::uuid[]) and failing_since <= now() - make_interval(days => ?)))
          returning id, url, disabled_reason as reason`,
        [pgArray(gone), pgArray(gone), pgArray(failed), DISABLE_AFTER_FAILING_DAYS],
        'all',
        ctx,
      );
      for (const endpoint of off) {
        await this.notifications.notifyAdmins(tx, {
          type: NotificationType.other,
          title: 'A webhook endpoint was disabled',
          message: `${endpoint.url}: ${endpoint.reason}. Its deliveries wait; enable it on the Webhooks page to send them.`,
          link: `/admin/webhooks?endpoint=${endpoint.id}`,
        });
      }
      return off;
    });
    for (const endpoint of disabled) log.warn('webhook endpoint disabled', { endpointId: endpoint.id, reason: endpoint.reason });
  }
}

/** What an attempt's answer means: 2xx done; 410 given up (and the endpoint off); else the next try, or given up after the last. */
function outcomeOf(claimed: Claimed, answer: WebhookAnswer): { state: WebhookDeliveryState; retryInSeconds: number } {
  const status = answer.status ?? 0;
  if (status >= 200 && status < 300) return { state: WebhookDeliveryState.succeeded, retryInSeconds: 0 };
  if (status === 410 || answer.permanent || claimed.attempts >= RETRY_SCHEDULE_SECONDS.length)
    return { state: WebhookDeliveryState.failed, retryInSeconds: 0 };
  const scheduled = RETRY_SCHEDULE_SECONDS[claimed.attempts];
  const asked = Math.min(answer.retryAfterSeconds ?? 0, MAX_RETRY_AFTER_SECONDS);
  return { state: WebhookDeliveryState.pending, retryInSeconds: Math.max(scheduled, asked) };
}

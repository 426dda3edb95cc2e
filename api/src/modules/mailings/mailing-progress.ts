import type { EntityManager } from '@mikro-orm/postgresql';
import { offsetOf, type PageArgs } from '../../common/paging.js';
import type { Mailing } from './mailing.entity.js';
import type { MailingRecipientRow, MailingRecipientState, MailingStateCount } from './mailings.types.js';

/** A sent mailing's progress as the Sent tab reads it: each recipient's state, from their outbox message. */

/** How a recipient row reads as a state, from its outbox message (one expression for the counts and the list). */
const RECIPIENT_STATE_SQL = `case
  when r.excluded_reason is not null then 'excluded'
  when e.id is null or e.status = 'pending' then 'queued'
  when e.status = 'failed' and e.bounced then 'bounced'
  else e.status::text end`;

/** How many recipients are in each state (a mailing not started yet has none). */
export async function stateCounts(em: EntityManager, mailing: Mailing): Promise<MailingStateCount[]> {
  return em.getConnection().execute<MailingStateCount[]>(
    `select ${RECIPIENT_STATE_SQL} as state, count(*)::int as count
      from mailing_recipient r left join outbox_email e on e.id = r.outbox_email_id
      where r.mailing_id = ? group by 1 order by 1`,
    [mailing.id],
  );
}

export async function recipientsOf(
  em: EntityManager,
  mailing: Mailing,
  args: PageArgs & { state?: MailingRecipientState | null },
): Promise<{ items: MailingRecipientRow[]; total: number }> {
  const stateFilter = args.state ? `and ${RECIPIENT_STATE_SQL} = ?` : '';
  const params = args.state ? [mailing.id, args.state] : [mailing.id];
  const rows = await em.getConnection().execute<(MailingRecipientRow & { total: number })[]>(
    `select r.user_id as "userId", trim(u.first_name || ' ' || u.last_name) as name, r.address, r.via_parent as "viaParent",
        ${RECIPIENT_STATE_SQL} as state,
        coalesce(r.excluded_reason, case when e.status in ('failed', 'cancelled') then e.last_error end) as reason,
        r.outbox_email_id as "outboxEmailId", count(*) over ()::int as total
      from mailing_recipient r join app_user u on u.id = r.user_id left join outbox_email e on e.id = r.outbox_email_id
      where r.mailing_id = ? ${stateFilter}
      order by u.last_name, u.first_name, r.user_id limit ? offset ?`,
    [...params, args.pageSize, offsetOf(args)],
  );
  return { items: rows.map(({ total: _total, ...row }) => row), total: rows[0]?.total ?? 0 };
}

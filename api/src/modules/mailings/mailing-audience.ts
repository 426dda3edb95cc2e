import type { EntityManager } from '@mikro-orm/postgresql';
import type { MailingAudience } from './mailing.entity.js';
import { pgArray } from '../../common/pg-array.js';

/** A group's members as SQL over `app_user u` (the groups module's condition, its parameters bound). */
export type GroupCondition = (em: EntityManager, groupId: string) => Promise<{ sql: string; params: unknown[] }>;

/** A list bound as one PostgreSQL array parameter (`?::uuid[]`); for ids and enum values only (no quoting). */

/** SQL with its bound parameters (`?` placeholders, in order). */
export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * Everyone an audience names, one row per (person, source): `source` is `group:<id>`, `role`, `class:<id>` or
 * `chosen`, so "why is this person included" reads the same rows the send does.
 */
async function candidates(em: EntityManager, audience: MailingAudience, groupCondition: GroupCondition): Promise<Statement> {
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const groupId of audience.groupIds) {
    const condition = await groupCondition(em, groupId);
    parts.push(`select u.id as user_id, ? as source from app_user u where ${condition.sql}`);
    params.push(`group:${groupId}`, ...condition.params);
  }
  if (audience.roles.length) {
    parts.push(
      `select u.id as user_id, 'role' as source from app_user u where u.role::text = any(?::text[]) and u.is_active and u.removed_at is null`,
    );
    params.push(pgArray(audience.roles));
  }
  if (audience.classInstanceIds.length) {
    parts.push(
      `select b.attendee_id as user_id, 'class:' || b.class_instance_id as source from booking b
        where b.class_instance_id = any(?::uuid[]) and b.status in ('confirmed', 'held')`,
    );
    params.push(pgArray(audience.classInstanceIds));
  }
  if (audience.userIds.length) {
    parts.push(`select chosen as user_id, 'chosen' as source from unnest(?::uuid[]) chosen`);
    params.push(pgArray(audience.userIds));
  }
  return { sql: parts.join('\nunion all\n'), params };
}

/**
 * The audience resolved, one row per person: whom the email addresses (the person, or for a family member without
 * an email their parent), and why a person is left out — `inactive`, `no_email`, `unsubscribed` (the addressee opted
 * out), `bounced` (the address was refused for good before) — or null when they receive it. As the CTEs `candidate`
 * and `resolved`; `then` is the statement that reads them.
 */
export async function resolvedAudience(
  em: EntityManager,
  audience: MailingAudience,
  groupCondition: GroupCondition,
  then: Statement,
): Promise<Statement> {
  const from = await candidates(em, audience, groupCondition);
  return {
    sql: `with candidate as materialized (${from.sql}),
      resolved as materialized (
        select u.id as user_id, u.first_name, u.last_name, a.id as addressee_id, a.email as address,
          a.id is not null and a.id <> u.id as via_parent,
          case
            when not u.is_active or u.removed_at is not null then 'inactive'
            when a.email is null then 'no_email'
            when exists (select 1 from email_opt_out o where o.user_id = a.id) then 'unsubscribed'
            when exists (select 1 from outbox_email e where e.bounced and lower(e."to") = lower(a.email)) then 'bounced'
          end as excluded
        from (select distinct user_id from candidate) p
        join app_user u on u.id = p.user_id
        left join app_user g on g.id = u.guardian_id
        left join app_user a on a.id = case when u.email is not null then u.id else g.id end
      )
      ${then.sql}`,
    params: [...from.params, ...then.params],
  };
}

export function isEmpty(audience: MailingAudience): boolean {
  return !audience.groupIds.length && !audience.roles.length && !audience.classInstanceIds.length && !audience.userIds.length;
}

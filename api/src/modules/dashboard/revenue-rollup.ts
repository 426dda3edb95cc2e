import type { EntityManager } from '@mikro-orm/postgresql';
import { pgArray } from '../../common/pg-array.js';

/**
 * Money received per day of the studio's calendar and category (revenue_day), so a quarter's revenue reads a few
 * hundred rows instead of every order line. Triggers on shop_order, order_line and invoice note the time of every
 * change (revenue_stale_at); a read first sums the days those times fall on again, under one lock, then adds up the
 * period's days. Exact whatever code wrote the money, and as fresh as the read.
 */

/** Days summed again in one statement at most (the statement timeout bounds each one). */
const DAYS_PER_STATEMENT = 31;

/**
 * Each given day's money by category, net of what has been refunded since. An order's money (total less refunds) is
 * shared among its lines' categories: most orders' lines add up to their money and are summed as they are; the rest
 * (a front-desk discount, a refund recorded on the order only) are shared in proportion, in whole cents, each category
 * its floor and the cents left over one each to the largest remainders, so the categories add up to the order exactly.
 * A sale charged to a member's account is not money (its invoice is, when paid); an invoice paid in cash or by
 * transfer has no order and counts as invoices.
 */
const DAY_REVENUE = `
  with days as (
    select d::date as day, (d::date)::timestamp at time zone ? as lo, (d::date + 1)::timestamp at time zone ? as hi
    from unnest(?::date[]) d),
  orders as (
    select o.id, days.day, (o.total_cents - o.refunded_cents)::bigint as net
    from days join shop_order o on o.created_at >= days.lo and o.created_at < days.hi
    where o.status in ('paid', 'partially_refunded', 'refunded')),
  parts as materialized (
    select o.id, o.day, o.net,
           case when l.kind = 'class' then 'drop_ins'
                when l.kind = 'membership' then 'memberships'
                when p.category = 'merchandise' then 'merch'
                when p.category = 'snacks' then 'snacks'
                when p.category = 'invoice' then 'invoices'
                when p.pack_classes is not null then 'packs'
                else 'memberships' end as category,
           sum(greatest(l.quantity * l.unit_cents - l.refunded_cents, 0))::bigint as gross
    from orders o
    join order_line l on l.order_id = o.id
    left join product_variant v on v.id = l.variant_id
    left join product p on p.id = v.product_id
    group by 1, 2, 3, 4),
  totals as (select id, sum(gross)::bigint as order_gross from parts group by id),
  exact as (
    select parts.day, parts.category, sum(parts.gross) as cents
    from parts join totals using (id) where totals.order_gross = parts.net group by 1, 2),
  shared as (
    select parts.*, totals.order_gross, row_number() over (partition by parts.id order by parts.category) as first_part
    from parts join totals using (id) where totals.order_gross <> parts.net),
  floors as (
    select *,
           case when order_gross > 0 then net * gross / order_gross when first_part = 1 then net else 0 end as base,
           case when order_gross > 0 then net * gross % order_gross else 0 end as remainder
    from shared),
  ranked as (
    select *, net - sum(base) over (partition by id) as left_over,
           row_number() over (partition by id order by remainder desc, category) as by_remainder
    from floors),
  money as (
    select day, category, cents from exact
    union all
    select day, category, sum(base + case when by_remainder <= left_over then 1 else 0 end) from ranked group by day, category
    union all
    select days.day, 'invoices', sum(i.total_cents)
    from days join invoice i on i.paid_at >= days.lo and i.paid_at < days.hi
    where i.status = 'paid' and i.payment_method in ('cash', 'bank_transfer')
    group by 1)
  insert into revenue_day (day, category, cents)
  select day, category, sum(cents) from money group by day, category having sum(cents) <> 0`;

const run = (tx: EntityManager, sql: string, params: unknown[] = []) =>
  tx.getConnection().execute(sql, params, 'all', tx.getTransactionContext());

/** Sums the given days again: their rows are replaced by what their orders and invoices say now. */
async function sumDays(tx: EntityManager, timeZone: string, days: string[]): Promise<void> {
  for (let i = 0; i < days.length; i += DAYS_PER_STATEMENT) {
    const some = pgArray(days.slice(i, i + DAYS_PER_STATEMENT));
    await run(tx, `delete from revenue_day where day = any(?::date[])`, [some]);
    await run(tx, DAY_REVENUE, [timeZone, timeZone, some]);
  }
}

/**
 * Brings revenue_day up to date: every day again when it was summed in another zone (or never), else the days money
 * changed on since. One refresher at a time (a transaction-scoped advisory lock); a change committed meanwhile is
 * summed by the next read.
 */
export async function refreshRevenueDays(em: EntityManager, timeZone: string): Promise<void> {
  await em.transactional(async (tx) => {
    await run(tx, `select pg_advisory_xact_lock(hashtext('revenue_day'))`);
    const [state] = await run(tx, `select zone from revenue_day_zone where id = 1`);
    if (state?.zone !== timeZone) {
      const all = await run(
        tx,
        `select distinct (at at time zone ?)::date::text as day from (
           select created_at as at from shop_order union all select paid_at from invoice where paid_at is not null) t order by 1`,
        [timeZone],
      );
      await run(tx, `delete from revenue_day`);
      await run(tx, `delete from revenue_stale_at`);
      await sumDays(
        tx,
        timeZone,
        all.map((r) => r.day as string),
      );
      await run(tx, `insert into revenue_day_zone (id, zone) values (1, ?) on conflict (id) do update set zone = excluded.zone`, [
        timeZone,
      ]);
      return;
    }
    const stale = await run(
      tx,
      `with gone as (delete from revenue_stale_at returning at) select distinct (at at time zone ?)::date::text as day from gone`,
      [timeZone],
    );
    if (stale.length)
      await sumDays(
        tx,
        timeZone,
        stale.map((r) => r.day as string),
      );
  });
}

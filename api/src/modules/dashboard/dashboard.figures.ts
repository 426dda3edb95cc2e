import type { EntityManager } from '@mikro-orm/postgresql';
import { ACCOUNT_SQL, AT_RISK_DAYS, SEGMENT_SQL, STUDENT_SQL } from '../directory/people-segments.js';
import { MISSING_STANDINGS, STANDING_FROM_SQL, standingWhere } from '../waivers/waiver-standing.js';
import type { DashboardRange } from './dashboard.range.js';
import type { RevenueCategory } from './dashboard.types.js';

/**
 * The dashboard's figures, read straight from the tables of the modules below (a read model, as the directory's
 * tables are): four reads side by side on the pool (revenue from its per-day table, see revenue-rollup.ts). Each
 * window is the period's dates in the studio's zone, from the first local midnight up to the midnight after the last
 * day; `cur` marks the period, the rest is the one compared with.
 */

/** The period's bounds as instants: the previous period's start, the period's start and its end (exclusive). */
const BOUNDS = `bounds as (
  select (?::date)::timestamp at time zone ? as prev_from,
         (?::date)::timestamp at time zone ? as cur_from,
         (?::date + 1)::timestamp at time zone ? as cur_to)`;

const boundParams = (range: DashboardRange, timeZone: string) => [range.previousFrom, timeZone, range.from, timeZone, range.to, timeZone];

export interface BookingRow {
  cur: boolean;
  class_type: string | null;
  hour: number | null;
  /** 1 for the totals row of the period, 0 for a row of one class type or one hour. */
  total: boolean;
  classes: number;
  capacity: number;
  booked: number;
  attended: number;
  no_shows: number;
  late_cancels: number;
  /** Different people checked in to the window's classes (on the totals row only). */
  visitors: number | null;
}

/**
 * Bookings of the classes held in the window (cancelled classes left out), from each class's figures (kept by the
 * trigger booking_class_figures): booked is confirmed or no-show (held spots in a cart are not bookings yet), per class
 * type and per local start hour; and the different people checked in, from the index of check-ins.
 */
export function bookingFigures(em: EntityManager, range: DashboardRange, timeZone: string): Promise<BookingRow[]> {
  return em.getConnection().execute<BookingRow[]>(
    `with ${BOUNDS},
     seats as (
       select c.id, c.capacity, c.blueprint_id, substr(c.start_time, 1, 2)::int as hour, c.starts_at >= bounds.cur_from as cur,
              c.booked_count as booked, c.attended_count as attended, c.no_show_count as no_shows, c.late_cancel_count as late_cancels
       from class_instance c, bounds
       where c.starts_at >= bounds.prev_from and c.starts_at < bounds.cur_to and c.status = 'scheduled'),
     -- Computed once for both windows (materialized) and grouped by hash: count(distinct) would sort every check-in.
     visitors as materialized (
       select v.cur, count(*)::int as visitors
       from (select s.cur, b.attendee_id from booking b join seats s on s.id = b.class_instance_id
             where b.checked_in_at is not null group by s.cur, b.attendee_id) v
       group by v.cur)
     select s.cur, bp.name as class_type, s.hour, grouping(bp.name, s.hour) = 3 as total,
            -- The visitors of the period, on its totals row.
            case when grouping(bp.name, s.hour) = 3 then (select v.visitors from visitors v where v.cur = s.cur) end as visitors,
            count(*)::int as classes, sum(s.capacity)::int as capacity, sum(s.booked)::int as booked,
            sum(s.attended)::int as attended, sum(s.no_shows)::int as no_shows, sum(s.late_cancels)::int as late_cancels
     from seats s join class_blueprint bp on bp.id = s.blueprint_id
     group by grouping sets ((s.cur), (s.cur, bp.name), (s.cur, s.hour))`,
    boundParams(range, timeZone),
  );
}

/** One category's cents in one window; a category may come in several rows (the service adds them up). */
export interface RevenueRow {
  cur: boolean;
  category: RevenueCategory;
  cents: number;
}

/**
 * Money received in the window, net of what has been refunded of it since, by what it paid for: the window's days of
 * revenue_day (see revenue-rollup.ts). `null` when revenue_day is not up to date in this statement's snapshot (a day
 * is marked stale, or it was summed in another zone): the caller refreshes it and reads again. Checking in the same
 * statement costs no round trip, and one snapshot makes "fresh" and the sums agree. Right after a refresh, `asSummed`
 * reads the days as they are (money changed since that refresh is summed by the next read).
 */
export async function revenueFigures(
  em: EntityManager,
  range: DashboardRange,
  timeZone: string,
  asSummed = false,
): Promise<RevenueRow[] | null> {
  const rows = await em.getConnection().execute<(RevenueRow & { fresh: boolean })[]>(
    `with state as (
       select ?::boolean or (coalesce((select zone = ? from revenue_day_zone where id = 1), false)
                             and not exists (select 1 from revenue_stale_at)) as fresh)
     select state.fresh, r.cur, r.category, r.cents
       from state left join (
         select day >= ?::date as cur, category, sum(cents)::int as cents
           from revenue_day where day >= ?::date and day <= ?::date group by 1, 2) r on state.fresh`,
    [asSummed, timeZone, range.from, range.previousFrom, range.to],
  );
  if (!rows[0]?.fresh) return null;
  return rows.filter((r) => r.category !== null).map(({ cur, category, cents }) => ({ cur, category, cents }));
}

export interface PeopleRow {
  members: number;
  new_members: number;
  previous_new_members: number;
  trial_not_back: number;
  no_recent_visit: number;
  low_packs: number;
  past_due: number;
  unpaid_invoices: number;
  unpaid_cents: number;
  overdue_invoices: number;
  waivers_missing: number;
}

/**
 * Who the studio has now and who needs a word: members holding a membership, sign-ups and visitors in the window,
 * trial members who did not come back, and the at-risk lists (each counted as the page it links to counts it).
 */
export async function peopleFigures(em: EntityManager, range: DashboardRange, timeZone: string, today: string): Promise<PeopleRow> {
  // Who has yet to sign the current waiver, as the waivers page lists them (everyone active, minors included).
  const missing = standingWhere({ standings: MISSING_STANDINGS });
  const [row] = await em.getConnection().execute<PeopleRow[]>(
    `with ${BOUNDS}
     select
       (select count(distinct m.holder_id) from membership m where m.status = 'active')::int as members,
       (select count(*) from app_user u where u.role in ('student', 'parent') and u.created_at >= bounds.cur_from and u.created_at < bounds.cur_to)::int as new_members,
       (select count(*) from app_user u where u.role in ('student', 'parent') and u.created_at >= bounds.prev_from and u.created_at < bounds.cur_from)::int as previous_new_members,
       (select count(*) from app_user u where ${STUDENT_SQL} and ${SEGMENT_SQL.trial_not_back})::int as trial_not_back,
       (select count(*) from app_user u
         where u.username is not null and (u.last_visit_at is null or u.last_visit_at < now() - interval '${AT_RISK_DAYS} days')
           and exists (select 1 from membership m where m.holder_id = u.id and m.status = 'active'))::int as no_recent_visit,
       (select count(*) from app_user u where ${ACCOUNT_SQL} and ${SEGMENT_SQL.low_pack})::int as low_packs,
       (select count(*) from membership m where m.status = 'past_due')::int as past_due,
       (select count(*) from invoice i where i.status = 'open')::int as unpaid_invoices,
       (select coalesce(sum(i.total_cents), 0) from invoice i where i.status = 'open')::int as unpaid_cents,
       (select count(*) from invoice i where i.status = 'open' and i.due_date < ?::date)::int as overdue_invoices,
       (select count(*) ${STANDING_FROM_SQL} ${missing.sql})::int as waivers_missing
     from bounds`,
    [...boundParams(range, timeZone), today, ...missing.params],
  );
  return row;
}

export interface LevelRow {
  levels_reached: number;
  previous_levels_reached: number;
  median_days_to_next: number | null;
  stuck: number;
}

/**
 * Levels reached in the window (recorded by the moves module as it announces level.achieved), the median days each took since the student's level
 * before on that apparatus, and students stuck: coming to class (a visit in the last AT_RISK_DAYS days), a student for
 * STUCK_DAYS or more, and no level reached for STUCK_DAYS.
 */
export async function levelFigures(em: EntityManager, range: DashboardRange, timeZone: string): Promise<LevelRow> {
  const [row] = await em.getConnection().execute<LevelRow[]>(
    `with ${BOUNDS},
     reached as (
       select a.at, a.at >= bounds.cur_from as cur,
              a.at - lag(a.at) over (partition by a.student_id, a.apparatus_id order by a.at) as took
       from level_achievement a, bounds
       where a.at < bounds.cur_to)
     select
       (select count(*) from reached, bounds where cur)::int as levels_reached,
       (select count(*) from reached, bounds where not cur and at >= bounds.prev_from)::int as previous_levels_reached,
       (select round((extract(epoch from percentile_cont(0.5) within group (order by took)) / 86400)::numeric, 1)::float
          from reached where cur and took is not null) as median_days_to_next,
       (select count(*) from app_user u where ${STUDENT_SQL} and ${SEGMENT_SQL.stuck})::int
         as stuck`,
    boundParams(range, timeZone),
  );
  return row;
}

// The admin dashboard's figures for a quarter of 50,000 bookings (and the quarter before, which it compares with):
// `dashboard(period: this_quarter)` over GraphQL, one request at a time, against `me` in the same run. Budget: p50 <=
// 50 ms. The API runs in this process so its SQL statements can be counted.
import { signedInGql, startInProcessApp, statementRecorder, timeOneAtATime } from './harness.mjs';

const CLASSES_PER_QUARTER = 2_500;
const BOOKINGS_PER_CLASS = 20;
const ORDERS_PER_QUARTER = 20_000;
const PEOPLE = 5_000;
const TIMED = 100;

const DASHBOARD = `query($period: DashboardPeriod!) { dashboard(period: $period) {
  from to previousFrom previousTo
  bookings { current { classes capacity booked attended noShows lateCancellations fillRate } previous { booked fillRate }
    byClassType { label booked fillRate previousBooked } byHour { label booked fillRate } }
  revenue { totalCents previousTotalCents byCategory { category cents previousCents } }
  members { members newMembers visitors trialNotBack }
  atRisk { noRecentVisit lowPacks pastDueMemberships unpaidInvoices unpaidCents overdueInvoices waiversMissing }
  levels { levelsReached medianDaysToNext stuck } } }`;

export async function benchDashboard() {
  const { app, graphqlUrl: url, stop } = await startInProcessApp();
  const connection = app.services.orm.em.getDriver().getConnection();
  const sql = (text, params = []) => connection.execute(text, params);
  const zone = app.services.env.STUDIO_TIME_ZONE;

  // People to book: students, a few with a visit long ago.
  await sql(
    `insert into app_user (id, first_name, last_name, username, email, password_hash, role, birthday, created_at)
     select gen_random_uuid(), 'Bench', 'Member' || i, 'bench' || i, 'bench' || i || '@mail.example', 'x', 'student',
            date '1990-01-01' + (i % 5000), now() - make_interval(days => i % 300)
       from generate_series(1, ?) i`,
    [PEOPLE],
  );
  const people = `{${(await sql(`select id from app_user where username like 'bench%' order by username`)).map((u) => u.id)}}`;
  // Classes through this quarter and the one before, 28 half-hour slots a day on the demo's class types.
  const [{ first }] = await sql(`select (date_trunc('quarter', (now() at time zone ?)::date) - interval '3 months')::date as first`, [
    zone,
  ]);
  const days = Math.ceil((CLASSES_PER_QUARTER * 2) / 28);
  await sql(
    `with types as (select id, row_number() over (order by id) - 1 as n, count(*) over () as total from class_blueprint),
          teacher as (select id from app_user where role = 'instructor' order by username limit 1),
          slots as (select d, s from generate_series(0, ?) d, generate_series(0, 27) s)
     insert into class_instance (id, blueprint_id, date, start_time, end_time, starts_at, ends_at, instructor_id, capacity, notes)
     select gen_random_uuid(), t.id, ?::date + d, to_char(time '06:00' + s * interval '30 minutes', 'HH24:MI'),
            to_char(time '06:45' + s * interval '30 minutes', 'HH24:MI'),
            ((?::date + d) + time '06:00' + s * interval '30 minutes') at time zone ?,
            ((?::date + d) + time '06:45' + s * interval '30 minutes') at time zone ?,
            (select id from teacher), 25, 'bench'
       from slots join types t on t.n = (d * 28 + s) % t.total`,
    [days - 1, first, first, zone, first, zone],
  );
  // Twenty bookings a class (a tenth no-shows, past ones mostly checked in), in steps the statement timeout allows.
  const classes = await sql(`select id from class_instance where notes = 'bench' order by starts_at`);
  for (let from = 0; from < classes.length; from += 250) {
    const ids = classes.slice(from, from + 250).map((c) => c.id);
    await sql(
      `insert into booking (id, class_instance_id, attendee_id, booked_by_id, status, source, payment_status, price_cents, checked_in_at, created_at)
       select gen_random_uuid(), c.id, p.id, p.id, case when k % 10 = 0 then 'no_show' else 'confirmed' end, 'member', 'paid', 2000,
              case when c.starts_at < now() and k % 10 <> 0 then c.starts_at end, c.starts_at - interval '2 days'
         from (select id, starts_at, row_number() over () as n from class_instance where id = any(?::uuid[])) c
         cross join generate_series(1, ?) k
         cross join lateral (select (?::uuid[])[1 + (c.n * 37 + k * 101) % ?] as id) p`,
      [`{${ids}}`, BOOKINGS_PER_CLASS, people, PEOPLE],
    );
  }
  // Orders through both quarters: drop-ins and shop products, some partly refunded; in steps of 10,000.
  const variants = `{${(await sql(`select id from product_variant order by id`)).map((v) => v.id)}}`;
  for (let from = 1; from <= ORDERS_PER_QUARTER * 2; from += 10_000)
    await sql(
      `with orders as (
         insert into shop_order (id, owner_id, total_cents, refunded_cents, status, created_at)
         select gen_random_uuid(), (?::uuid[])[1 + i % ?], 3500, case when i % 25 = 0 then 1000 else 0 end,
                case when i % 25 = 0 then 'partially_refunded' else 'paid' end,
                (?::date)::timestamp at time zone ? + make_interval(mins => (i * 23) % (180 * 24 * 60))
           from generate_series(?, ?) i
         returning id)
       insert into order_line (id, order_id, position, kind, description, quantity, unit_cents, variant_id)
       select gen_random_uuid(), o.id, p, case when p = 0 then 'class' else 'product' end, 'bench', 1,
              case when p = 0 then 2000 else 1500 end,
              case when p = 0 then null else (?::uuid[])[1 + abs(hashtext(o.id::text)) % cardinality(?::uuid[])] end
         from orders o cross join generate_series(0, 1) p`,
      [people, PEOPLE, first, zone, from, from + 9_999, variants, variants],
    );
  await sql('vacuum analyze');
  const [{ bookings }] = await sql(
    `select count(*)::int as bookings from booking b join class_instance c on c.id = b.class_instance_id
      where c.starts_at >= (date_trunc('quarter', (now() at time zone ?)::date))::timestamp at time zone ?`,
    [zone, zone],
  );

  // What the quarter's revenue must add up to, read straight from the orders and invoices.
  const [{ expected }] = await sql(
    `with bounds as (select (date_trunc('quarter', (now() at time zone ?)::date))::timestamp at time zone ? as lo,
                            (date_trunc('quarter', (now() at time zone ?)::date) + interval '3 months')::timestamp at time zone ? as hi)
     select ((select coalesce(sum(total_cents - refunded_cents), 0) from shop_order, bounds
               where status in ('paid', 'partially_refunded', 'refunded') and created_at >= lo and created_at < hi)
           + (select coalesce(sum(total_cents), 0) from invoice, bounds
               where status = 'paid' and payment_method in ('cash', 'bank_transfer') and paid_at >= lo and paid_at < hi))::int as expected`,
    [zone, zone, zone, zone],
  );
  const gql = await signedInGql(url);
  const quarter = (await gql(DASHBOARD, { period: 'this_quarter' })).dashboard.revenue.totalCents;
  if (quarter !== expected) {
    const days = await sql(
      `with direct as (
         select (created_at at time zone ?)::date as day, sum(total_cents - refunded_cents) as cents from shop_order
          where status in ('paid', 'partially_refunded', 'refunded') group by 1
         union all
         select (paid_at at time zone ?)::date, sum(total_cents) from invoice
          where status = 'paid' and payment_method in ('cash', 'bank_transfer') group by 1),
       d as (select day, sum(cents) as cents from direct group by 1),
       r as (select day, sum(cents) as cents from revenue_day group by 1)
       select coalesce(d.day, r.day) as day, d.cents as direct, r.cents as rolled from d full join r on r.day = d.day
        where d.cents is distinct from r.cents order by 1`,
      [zone, zone],
    );
    console.log(days);
    const [day] = days;
    if (day)
      console.log(
        await sql(
          `select o.id, o.total_cents, o.refunded_cents, o.status, o.created_at, count(l.id) as lines, sum(l.quantity * l.unit_cents - l.refunded_cents) as gross
             from shop_order o left join order_line l on l.order_id = o.id
            where (o.created_at at time zone ?)::date = ?::date group by o.id
           having sum(l.quantity * l.unit_cents - l.refunded_cents) is distinct from o.total_cents - o.refunded_cents`,
          [zone, day.day],
        ),
      );
    throw new Error(`the quarter's revenue is ${quarter} cents, its orders and invoices say ${expected}`);
  }
  const cases = [
    ['baseline: `me` (the floor: a signed-in GraphQL request)', `query { me { id username role } }`, {}],
    ['dashboard: this quarter', DASHBOARD, { period: 'this_quarter' }],
    ['dashboard: this week', DASHBOARD, { period: 'this_week' }],
    ['dashboard: last 4 weeks', DASHBOARD, { period: 'last_4_weeks' }],
  ];
  const recorder = statementRecorder(app);
  const rows = {};
  let floor = 0;
  for (const [name, query, variables] of cases) {
    // Each case reads 111 times, near the per-admin quota of 120 a minute: every case starts with a fresh one.
    await sql(`delete from rate_limit where key like 'dashboard:%'`);
    for (let i = 0; i < 10; i += 1) await gql(query, variables);
    let sample;
    const seen = await recorder.record(async () => (sample = await gql(query, variables)));
    if (process.env.BENCH_EXPLAIN)
      for (const [text, params] of seen) {
        if (!/^\s*(select|with)/i.test(text)) continue;
        const plan = await recorder.execute(`explain (analyze, buffers) ${text}`, params);
        console.log(`\n${name}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    const { p50, p95 } = await timeOneAtATime(() => gql(query, variables), TIMED);
    floor ||= p50;
    rows[name] = {
      'p50 ms': p50,
      'p95 ms': p95,
      '× me': +(p50 / floor).toFixed(1),
      'SQL statements': seen.length,
      booked: sample.dashboard ? sample.dashboard.bookings.current.booked : '',
      revenue: sample.dashboard ? sample.dashboard.revenue.totalCents : '',
    };
  }
  recorder.restore();
  console.log(
    `\nAdmin dashboard with ${bookings.toLocaleString('en-US')} bookings this quarter (and the quarter before), one request at a time (budget: p50 <= 50 ms)`,
  );
  console.table(rows);
  await stop();
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) benchDashboard().then(() => process.exit(0));

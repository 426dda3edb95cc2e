// The admin's people tables at 100,000 members: `users` and `adminStudents` over GraphQL, page 1, a deep page (by
// cursor, past row 50,000), another sort and searches by part of a name and of an email, each timed one request at a
// time (what an admin waits for). Budget: p50 <= 15 ms, p95 <= 30 ms, <= 4 SQL statements a page (the session
// lookup included). The API runs in this process so its database connection can be counted (not changed).
import { Buffer } from 'node:buffer';
import { signedInGql, startInProcessApp, statementRecorder, timeOneAtATime } from './harness.mjs';

const PEOPLE = 100_000;
const TIMED = 200;
const USERS = `query($after: String, $search: String, $sort: UserSortField!, $dir: SortDirection!, $total: Boolean!) {
  users(after: $after, search: $search, sortField: $sort, sortDirection: $dir, pageSize: 25) {
    total @include(if: $total) totalIsEstimate @include(if: $total) endCursor hasNextPage
    items { id firstName lastName username email phone role isActive birthday lastVisitAt createdAt waiverSigned membershipStatus } } }`;
const STUDENTS = `query($after: String, $search: String, $sort: StudentSortField!, $dir: SortDirection!, $total: Boolean!) {
  adminStudents(after: $after, search: $search, sortField: $sort, sortDirection: $dir, pageSize: 25) {
    total @include(if: $total) totalIsEstimate @include(if: $total) endCursor hasNextPage
    items { user { id firstName lastName username birthday age } guardian { id name } bookings attended noShows lastAttendedAt } } }`;

const FIRST = ['Ava', 'Mia', 'Zoe', 'Liam', 'Noah', 'Emma', 'Luna', 'Ivy', 'Leo', 'Maya', 'Nora', 'Eli', 'Rosa', 'Kai', 'Ada', 'Theo'];
const LAST = ['Martinez', 'Nguyen', 'Smith', 'Okafor', 'Kowalski', 'Haddad', 'Silva', 'Tanaka', 'Moreau', 'Jensen', 'Rossi', 'Novak'];

/**
 * `count` people in the app's own tables (mostly students, one in 50 an instructor, one in 40 deactivated, one in 5
 * never visited), then analysed; `sql(text, params)` runs a statement on the app's connection.
 */
export async function insertPeople(sql, count) {
  // In steps: the API's statement timeout bounds each statement.
  for (let from = 1; from <= count; from += 10_000) {
    await sql(
      `insert into app_user (id, first_name, last_name, username, email, phone, password_hash, role, birthday, is_active, created_at,
                           last_visit_at, booking_count, attended_count, no_show_count)
     select gen_random_uuid(), (cast(? as text[]))[1 + i % ?], (cast(? as text[]))[1 + (i / 7) % ?] || (i % 97)::text, 'member' || i, 'member' || i || '@mail.example',
            '+1 555 ' || lpad((i % 10000000)::text, 7, '0'), 'x', case when i % 50 = 0 then 'instructor' else 'student' end,
            date '1960-01-01' + (i % 20000), i % 40 <> 0, now() - make_interval(mins => i),
            case when i % 5 = 0 then null else now() - make_interval(hours => i % 5000) end, i % 60, i % 45, i % 4
       from generate_series(?, ?) i`,
      [`{${FIRST}}`, FIRST.length, `{${LAST}}`, LAST.length, from, Math.min(from + 9_999, count)],
    );
  }
  // What autovacuum would have done by the time 100,000 members exist: statistics and the visibility map.
  await sql('vacuum analyze app_user');
}

export async function benchPeople() {
  const { app, graphqlUrl: url, stop } = await startInProcessApp();
  const connection = app.services.orm.em.getDriver().getConnection();
  const sql = (text, params = []) => connection.execute(text, params);

  await insertPeople(sql, PEOPLE);
  const gql = await signedInGql(url);
  // A cursor past row 50,000: the row's own sort keys, written the way the API writes them.
  const deepCursor = async (sortName, keys, where) => {
    const [row] = await sql(
      `select ${keys.map((k, i) => `${k} as k${i}`).join(', ')} from app_user u where u.removed_at is null and ${where}
        order by ${keys.join(', ')} offset 50000 limit 1`,
    );
    const values = keys.map((_, i) => (row[`k${i}`] instanceof Date ? row[`k${i}`].toISOString() : row[`k${i}`]));
    return Buffer.from(JSON.stringify([sortName, 'asc', values])).toString('base64url');
  };
  const byName = ['u.last_name', 'u.first_name', 'u.id'];
  const cases = [
    ['baseline: `me` (the floor: a signed-in GraphQL request)', `query { me { id username role } }`, {}],
    ['users: page 1 by last name, with the total', USERS, { sort: 'lastName', dir: 'ASC', total: true }],
    [
      'users: a page past row 50,000',
      USERS,
      { sort: 'lastName', dir: 'ASC', total: false, after: await deepCursor('lastName', byName, 'u.username is not null') },
    ],
    ['users: newest first', USERS, { sort: 'createdAt', dir: 'DESC', total: true }],
    ['users: last visit, ascending', USERS, { sort: 'lastVisitAt', dir: 'ASC', total: false }],
    ['users: search "okaf" (part of a name)', USERS, { sort: 'lastName', dir: 'ASC', total: true, search: 'okaf' }],
    ['users: search "member4821" (part of an email)', USERS, { sort: 'lastName', dir: 'ASC', total: true, search: 'member4821' }],
    ['students: page 1 by name, with the total', STUDENTS, { sort: 'name', dir: 'ASC', total: true }],
    [
      'students: a page past row 50,000',
      STUDENTS,
      { sort: 'name', dir: 'ASC', total: false, after: await deepCursor('name', byName, `u.role = 'student'`) },
    ],
    ['students: most attended', STUDENTS, { sort: 'attended', dir: 'DESC', total: true }],
    ['students: search "zoe tana"', STUDENTS, { sort: 'name', dir: 'ASC', total: true, search: 'zoe tana' }],
  ];

  const recorder = statementRecorder(app);
  const rows = {};
  // BENCH_ONLY=<words> runs the baseline and the cases whose name contains them.
  const only = process.env.BENCH_ONLY;
  for (const [name, query, variables] of cases.filter(([name], i) => !only || i === 0 || name.includes(only))) {
    for (let i = 0; i < 20; i += 1) await gql(query, variables);
    let sample;
    const seen = await recorder.record(async () => (sample = await gql(query, variables)));
    // BENCH_EXPLAIN=1 prints each statement's plan with its timings.
    if (process.env.BENCH_EXPLAIN)
      for (const [text, params] of seen) {
        if (!/^\s*(select|with)/i.test(text)) continue;
        const plan = await recorder.execute(`explain (analyze, buffers) ${text}`, params);
        console.log(`\n${name}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
      }
    const { p50, p95 } = await timeOneAtATime(() => gql(query, variables), TIMED);
    const page = sample.users ?? sample.adminStudents ?? { items: [sample.me] };
    rows[name] = {
      'p50 ms': p50,
      'p95 ms': p95,
      'SQL statements': seen.length,
      rows: page.items.length,
      total: page.total === undefined ? '' : `${page.totalIsEstimate ? 'about ' : ''}${page.total}`,
    };
  }
  recorder.restore();
  console.log(
    `\nPeople tables at ${PEOPLE.toLocaleString('en-US')} members, one request at a time (budget: p50 <= 15 ms, p95 <= 30 ms, <= 4 SQL statements)`,
  );
  console.table(rows);
  await stop();
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) benchPeople().then(() => process.exit(0));

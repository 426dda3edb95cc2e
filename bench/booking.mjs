// Booking throughput on one hot class (every request contends for the same row) against the same number of
// bookings spread over many classes. Both take the same path: conditional UPDATE of the seat counter,
// per-attendee advisory lock, overlap and waiver checks. Then bookings paid by an unlimited membership (the
// entitlement claimed in the booking's transaction) against the same spread bookings without one (held in the cart):
// budget >= 70% of the req/s.
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import pg from 'pg';
import { root, startBenchApp } from './harness.mjs';

// Members sign in for real (the login mutation opens a server-side session); their password is hashed once with
// the API's own hasher (api/dist), so the bench never re-implements the format.
const { hashPassword } = createRequire(import.meta.url)(path.join(root, 'api/dist/modules/users/password.js'));
const PASSWORD = 'bench-password-not-secret';
const LOGIN = `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }`;

const MEMBERS = 200; // a class holds at most 200
const CONCURRENCY = 20;
const BOOK = `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id } } }`;

let passwordHash = null;

async function signIn(url, username) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: LOGIN, variables: { u: username, p: PASSWORD } }),
  });
  const body = await res.json();
  if (!body.data?.login) throw new Error(`sign-in failed: ${JSON.stringify(body.errors)}`);
  return body.data.login.token;
}

async function members(pool, url, count) {
  const [{ id: documentId }] = (await pool.query('select id from waiver_document order by published_at desc limit 1')).rows;
  passwordHash ??= await hashPassword(PASSWORD);
  const list = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const name = `bench${i}_${id.slice(0, 6)}`;
    await pool.query(
      `insert into app_user (id, first_name, last_name, username, email, password_hash, role, birthday) values ($1, 'Bench', $2, $2, $3, $4, 'student', '1990-01-01')`,
      [id, name, `${name}@example.test`, passwordHash],
    );
    await pool.query(`insert into waiver_signature (id, document_id, signed_for_id, signed_by_id) values ($1, $2, $3, $3)`, [
      randomUUID(),
      documentId,
      id,
    ]);
    list.push({ id, username: name });
  }
  // A few sign-ins at a time (each verifies the password hash).
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < list.length) {
        const member = list[next++];
        member.token = await signIn(url, member.username);
      }
    }),
  );
  return list;
}

/** Gives each member an unlimited membership (current period around now). */
async function entitle(pool, list) {
  const planId = randomUUID();
  await pool.query(`insert into membership_plan (id, name, price_cents, interval) values ($1, $2, 14900, 'month')`, [
    planId,
    `Bench unlimited ${planId.slice(0, 6)}`,
  ]);
  for (const member of list)
    await pool.query(
      `insert into membership (id, holder_id, plan_id, current_period_start, current_period_end)
       values ($1, $2, $3, now() - interval '1 day', now() + interval '29 days')`,
      [randomUUID(), member.id, planId],
    );
}

async function classes(pool, count, capacity, startOffsetDays) {
  const [{ id: blueprintId }] = (
    await pool.query(`select id from class_blueprint where drop_in_price_cents > 0 and not uses_rig_points limit 1`)
  ).rows;
  const [{ id: instructorId }] = (await pool.query(`select id from app_user where username = 'instructor'`)).rows;
  const ids = [];
  for (let i = 0; i < count; i++) {
    const start = new Date(Date.now() + (startOffsetDays * 24 + i * 2) * 3600_000);
    const id = randomUUID();
    await pool.query(
      `insert into class_instance (id, blueprint_id, date, start_time, end_time, starts_at, ends_at, instructor_id, capacity)
       values ($1, $2, $3, '10:00', '11:00', $4, $5, $6, $7)`,
      [id, blueprintId, start.toISOString().slice(0, 10), start, new Date(start.getTime() + 3600_000), instructorId, capacity],
    );
    ids.push(id);
  }
  return ids;
}

async function run(url, jobs) {
  let next = 0;
  let errors = 0;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        const res = await fetch(`${url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${job.token}` },
          body: JSON.stringify({ query: BOOK, variables: { c: job.classId, a: job.memberId } }),
        });
        const body = await res.json();
        if (body.errors) {
          errors += 1;
          if (errors === 1) console.error('booking failed:', body.errors[0].message);
        }
      }
    }),
  );
  if (errors) throw new Error(`${errors} bookings failed: the measurement would be meaningless`);
  return { bookingsPerSecond: Math.round((jobs.length / (Date.now() - started)) * 1000), errors };
}

export async function benchBooking() {
  const bench = await startBenchApp();
  const pool = new pg.Pool({ connectionString: bench.databaseUrl, max: 4 });
  console.error('[bench] app up; signing members in');
  const hotMembers = await members(pool, bench.url, MEMBERS);
  const spreadMembers = await members(pool, bench.url, MEMBERS);
  const entitledMembers = await members(pool, bench.url, MEMBERS);
  await entitle(pool, entitledMembers);
  console.error('[bench] members signed in; running');
  const [hot] = await classes(pool, 1, MEMBERS, 3);
  const spread = await classes(pool, 20, MEMBERS / 20, 10);
  const spreadEntitled = await classes(pool, 20, MEMBERS / 20, 17);
  const hotRun = await run(
    bench.url,
    hotMembers.map((m) => ({ token: m.token, memberId: m.id, classId: hot })),
  );
  const spreadRun = await run(
    bench.url,
    spreadMembers.map((m, i) => ({ token: m.token, memberId: m.id, classId: spread[i % spread.length] })),
  );
  const entitledRun = await run(
    bench.url,
    entitledMembers.map((m, i) => ({ token: m.token, memberId: m.id, classId: spreadEntitled[i % spreadEntitled.length] })),
  );
  const [{ taken }] = (await pool.query('select spots_taken as taken from class_instance where id = $1', [hot])).rows;
  const [{ covered }] = (
    await pool.query(`select count(*)::int as covered from booking where payment_status = 'covered' and class_instance_id = any($1)`, [
      spreadEntitled,
    ])
  ).rows;
  console.log(`\nBooking throughput, ${MEMBERS} bookings each, ${CONCURRENCY} at a time`);
  console.table({ 'one hot class': hotRun, 'spread over 20 classes': spreadRun, 'spread, paid by a membership': entitledRun });
  console.log(
    `hot / spread: ${(hotRun.bookingsPerSecond / spreadRun.bookingsPerSecond).toFixed(2)}; hot class seats taken: ${taken} of ${MEMBERS}`,
  );
  const share = entitledRun.bookingsPerSecond / spreadRun.bookingsPerSecond;
  console.log(
    `with an entitlement / without: ${share.toFixed(2)} (budget >= 0.70: ${share >= 0.7 ? 'met' : 'NOT met'}); covered by the membership: ${covered} of ${MEMBERS}`,
  );
  await pool.end();
  await bench.stop();
}

if (import.meta.url === `file://${process.argv[1]}`) benchBooking().then(() => process.exit(0));

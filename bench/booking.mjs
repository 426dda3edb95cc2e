// Booking throughput on one hot class (every request contends for the same row) against the same number of
// bookings spread over many classes. Both take the same path: conditional UPDATE of the seat counter,
// per-attendee advisory lock, overlap and waiver checks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import pg from 'pg';
import { root, startBenchApp } from './harness.mjs';

// Tokens are minted with the API's own signer (api/dist), so the bench never re-implements the format.
const { TokenSigner } = createRequire(import.meta.url)(path.join(root, 'api/dist/modules/auth/tokens.js'));

const MEMBERS = 200; // a class holds at most 200
const CONCURRENCY = 20;
const BOOK = `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id } } }`;

async function members(pool, secret, count) {
  const [{ id: documentId }] = (await pool.query('select id from waiver_document order by published_at desc limit 1')).rows;
  const signer = new TokenSigner(secret);
  const list = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    const name = `bench${i}_${id.slice(0, 6)}`;
    await pool.query(
      `insert into app_user (id, first_name, last_name, username, email, password_hash, role, birthday) values ($1, 'Bench', $2, $2, $3, 'scrypt$unused', 'student', '1990-01-01')`,
      [id, name, `${name}@example.test`],
    );
    await pool.query(`insert into waiver_signature (id, document_id, signed_for_id, signed_by_id) values ($1, $2, $3, $3)`, [
      randomUUID(),
      documentId,
      id,
    ]);
    const token = await signer.sign({ userId: id, tokenVersion: 0 });
    list.push({ id, token });
  }
  return list;
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
  const secret = readFileSync(path.join(bench.dataDir, 'jwt-secret'), 'utf8').trim();
  const hotMembers = await members(pool, secret, MEMBERS);
  const spreadMembers = await members(pool, secret, MEMBERS);
  const [hot] = await classes(pool, 1, MEMBERS, 3);
  const spread = await classes(pool, 20, MEMBERS / 20, 10);
  const hotRun = await run(
    bench.url,
    hotMembers.map((m) => ({ token: m.token, memberId: m.id, classId: hot })),
  );
  const spreadRun = await run(
    bench.url,
    spreadMembers.map((m, i) => ({ token: m.token, memberId: m.id, classId: spread[i % spread.length] })),
  );
  const [{ taken }] = (await pool.query('select spots_taken as taken from class_instance where id = $1', [hot])).rows;
  console.log(`\nBooking throughput, ${MEMBERS} bookings each, ${CONCURRENCY} at a time`);
  console.table({ 'one hot class': hotRun, 'spread over 20 classes': spreadRun });
  console.log(
    `hot / spread: ${(hotRun.bookingsPerSecond / spreadRun.bookingsPerSecond).toFixed(2)}; hot class seats taken: ${taken} of ${MEMBERS}`,
  );
  await pool.end();
  await bench.stop();
}

if (import.meta.url === `file://${process.argv[1]}`) benchBooking().then(() => process.exit(0));

import { Client } from 'pg';
import { startTestApp, type TestApp } from '../../test/app.js';
import { makeUser } from '../../test/factories.js';
import { startSmtpPeer } from '../../test/smtp.js';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
beforeAll(async () => {
  // The relay answers a message 1.5 s after receiving it: the delivery job is still running when the API stops.
  smtp = await startSmtpPeer({ answerDelayMs: 1500 });
  t = await startTestApp({ SMTP_URL: smtp.url });
});
let stopped = false;
afterAll(async () => {
  if (!stopped) await t.close();
  await smtp.close();
});

it('a job finishing while the API stops, every job connection busy, is recorded complete and the stop ends', async () => {
  const { user } = await makeUser(t);
  expect((await t.gql(`mutation($e: String!) { requestPasswordReset(email: $e) }`, { e: user.email })).errors).toBeUndefined();
  await smtp.waitFor((m) => m.to.includes(user.email!.toLowerCase()));

  // Every connection of the queue's pool busy past the job's end: its completion, and any worker's poll, wait for one.
  const db = t.app.services.jobs.getDb();
  const held = Array.from({ length: 4 }, () => db.executeSql('select pg_sleep(2.5)', []));
  stopped = true;
  await t.close();
  await Promise.all(held);

  const client = new Client({ connectionString: t.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(`select state from pgboss.job where name = 'email-deliver'`);
    // Not left 'active', to be run (and the email sent) again once the job expires.
    expect(rows).toEqual([{ state: 'completed' }]);
  } finally {
    await client.end();
  }
});

import { startTestApp, type TestApp } from '../../../test/app.js';
import { eventually } from '../../../test/eventually.js';
import { em, makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { wsClient } from '../../../test/ws.js';

let t: TestApp;
let admin: MadeUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { role: Role.admin, firstName: 'Ada' });
});
afterAll(() => t.close());

async function gql(query: string, variables: Record<string, unknown> = {}, token = admin.token) {
  const res = await t.gql(query, variables, { token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!;
}
const refusal = async (query: string, variables: Record<string, unknown>, token = admin.token) => {
  const res = await t.gql(query, variables, { token });
  return [res.errors?.[0].extensions?.code, res.errors?.[0].message] as [string | undefined, string | undefined];
};
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => em(t).getConnection().execute<T[]>(text, params);

const upload = (csv: string, source = 'studio', filename = 'people.csv', token = admin.token) =>
  fetch(`${t.url}/api/imports/people?source=${source}&filename=${encodeURIComponent(filename)}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });

const BATCH = `id state rowCount processed reported created updated skipped problemCount failure attempts
  problems { line field message } skips { line message } preview { line action firstName email role familyOf note }
  mapping { field column } headers sample`;
const START = `mutation($id: ID!, $dry: Boolean!, $skip: Boolean) { startImport(id: $id, dryRun: $dry, skipFailingRows: $skip) { id state } }`;
const GET = `query($id: ID!) { importBatch(id: $id) { ${BATCH} } }`;
const UNDO = `mutation($id: ID!, $keep: Boolean) { undoImport(id: $id, keepChanged: $keep) { undone kept { line name reason } batch { state } } }`;

async function uploaded(csv: string, source = 'studio'): Promise<string> {
  const res = await upload(csv, source);
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

/** Starts a run and waits for it to end; answers the batch. */
async function runToEnd(id: string, dryRun: boolean, skip = false, timeoutMs = 30_000) {
  await gql(START, { id, dry: dryRun, skip });
  let batch: Record<string, any> = {};
  await eventually(async () => {
    batch = (await gql(GET, { id })).importBatch;
    expect(['queued', 'checking', 'importing']).not.toContain(batch.state);
  }, timeoutMs);
  return batch;
}

const mark = () => Math.random().toString(36).slice(2, 8);

describe('a good file', () => {
  it('checks (nothing stays), imports with families, and undoes', async () => {
    const m = mark();
    const csv = [
      'First Name,Last Name,Email,Phone,Birthday,Role',
      `Dana,Good${m},dana.${m}@example.com,555-0101,1984-04-12,`,
      `Milo,Good${m},dana.${m}@example.com,,2015-09-30,`,
      `Sam,Solo${m},sam.${m}@example.com,,1990-12-01,instructor`,
      `Walk,In${m},,,1999-01-01,`,
    ].join('\n');
    const id = await uploaded(csv);
    const checked = await runToEnd(id, true);
    expect(checked).toMatchObject({ state: 'checked', created: 4, updated: 0, skipped: 0, problemCount: 0, processed: 4 });
    expect(checked.preview.map((p: any) => [p.firstName, p.role, p.familyOf, p.email])).toEqual([
      ['Dana', 'parent', null, `dana.${m}@example.com`],
      ['Milo', 'student', `Dana Good${m}`, null],
      ['Sam', 'instructor', null, `sam.${m}@example.com`],
      ['Walk', 'student', null, null],
    ]);
    // The dry run rolled back.
    expect(await sql(`select 1 from app_user where last_name like ?`, [`%${m}`])).toHaveLength(0);

    const done = await runToEnd(id, false);
    expect(done).toMatchObject({ state: 'imported', created: 4 });
    const people = await sql<{ first_name: string; role: string; guardian: string | null; username: string | null; email: string | null }>(
      `select u.first_name, u.role, g.first_name as guardian, u.username, u.email from app_user u left join app_user g on g.id = u.guardian_id
        where u.last_name like ? order by u.first_name`,
      [`%${m}`],
    );
    expect(people).toEqual([
      { first_name: 'Dana', role: 'parent', guardian: null, username: `dana.${m}`, email: `dana.${m}@example.com` },
      { first_name: 'Milo', role: 'student', guardian: 'Dana', username: null, email: null },
      { first_name: 'Sam', role: 'instructor', guardian: null, username: `sam.${m}`, email: `sam.${m}@example.com` },
      { first_name: 'Walk', role: 'student', guardian: null, username: null, email: null },
    ]);

    // The same file again changes nothing: every row is already here.
    const again = await uploaded(csv);
    expect(await runToEnd(again, true)).toMatchObject({ created: 0, updated: 0, skipped: 4 });

    const undo = (await gql(UNDO, { id })).undoImport;
    expect(undo).toMatchObject({ undone: 4, kept: [], batch: { state: 'undone' } });
    expect(await sql(`select 1 from app_user where last_name like ?`, [`%${m}`])).toHaveLength(0);
    expect(await refusal(UNDO, { id })).toEqual(['CONFLICT', 'Only a finished import can be undone.']);
  });
});

describe('a file with bad rows', () => {
  it('imports nothing and names each row and field; with skipping, imports the good ones', async () => {
    const m = mark();
    const csv = [
      'first_name,last_name,email,birthday,role',
      `Good,Row${m},good.${m}@example.com,1990-01-01,`,
      `,Nameless${m},,1990-01-01,`,
      `Bad,Mail${m},not-an-email,1990-01-01,`,
      `Ada,Boss${m},,1990-01-01,admin`,
      `Kid,Alone${m},kid.${m}@example.com,2020-01-01,`,
    ].join('\n');
    const id = await uploaded(csv);
    const checked = await runToEnd(id, true);
    expect(checked).toMatchObject({ state: 'checked', created: 1, skipped: 4, problemCount: 4 });
    expect(checked.problems).toEqual([
      { line: 3, field: 'firstName', message: 'The first name is empty.' },
      { line: 4, field: 'email', message: '“not-an-email” is not an email address.' },
      { line: 5, field: 'role', message: 'Admins are not imported: give the role on the Users page.' },
      { line: 6, field: 'email', message: "An account of one's own starts at 13: give them their parent's email so they join the family." },
    ]);
    // The failing rows as a file to fix.
    const file = await fetch(`${t.url}/api/imports/${id}/problems.csv`, { headers: { authorization: `Bearer ${admin.token}` } });
    expect(file.status).toBe(200);
    const text = await file.text();
    expect(text.split('\r\n')[0]).toBe('first_name,last_name,email,birthday,role,Problem');
    expect(text).toContain(`Bad,Mail${m},not-an-email,1990-01-01,,“not-an-email” is not an email address.`);
    expect(text.trim().split('\r\n')).toHaveLength(5);

    // All or nothing: the import is refused as a whole.
    const refused = await runToEnd(id, false);
    expect(refused.state).toBe('checked');
    expect(refused.failure).toMatch(/^4 rows have problems: nothing was imported/);
    expect(await sql(`select 1 from app_user where last_name like ?`, [`%${m}`])).toHaveLength(0);

    const skipped = await runToEnd(id, false, true);
    expect(skipped).toMatchObject({ state: 'imported', created: 1, skipped: 4 });
    expect(await sql(`select first_name from app_user where last_name like ?`, [`%${m}`])).toEqual([{ first_name: 'Good' }]);
  });

  it('refuses what is not a people file, non-admins and bad ids with clear 4xx', async () => {
    const member = await makeUser(t);
    expect((await upload('First Name,Last Name\nA,B\n', 'studio', 'x.csv', member.token)).status).toBe(403);
    const nul = await upload('First Name,Last Name\nA\u0000,B\n');
    expect(nul.status).toBe(400);
    expect(await nul.text()).toMatch(/NUL bytes/);
    expect((await upload('First Name,Last Name\n')).status).toBe(400);
    expect((await upload('First Name,Last Name\nA,B\n', 'oracle')).status).toBe(400);
    expect((await refusal(GET, { id: 'not-a-uuid' }))[0]).toBe('BAD_USER_INPUT');
    expect(await refusal(GET, { id: '00000000-0000-4000-8000-000000000000' })).toEqual(['NOT_FOUND', 'That import was not found.']);
    const id = await uploaded('First Name,Last Name,Birthday\nA,B,1990-01-01\n');
    expect(await refusal(START, { id, dry: false })).toEqual([
      'CONFLICT',
      'Check the file first: the dry run shows what the import will do.',
    ]);
    const map = `mutation($id: ID!, $m: [ImportColumnInput!]!) { setImportMapping(id: $id, mapping: $m) { mapping { field column } } }`;
    expect(
      await refusal(map, {
        id,
        m: [
          { field: 'firstName', column: 9 },
          { field: 'lastName', column: 1 },
        ],
      }),
    ).toEqual(['BAD_USER_INPUT', 'Column 9 is not in the file.']);
    expect(
      await refusal(map, {
        id,
        m: [
          { field: 'firstName', column: 0 },
          { field: 'lastName', column: 0 },
        ],
      }),
    ).toEqual(['BAD_USER_INPUT', 'The column “First Name” is chosen twice.']);
  });
});

describe('the Mindbody preset', () => {
  it('keeps a family sharing an email, every status, and matches by barcode id next time', async () => {
    const m = mark();
    const header = 'Barcode ID,First Name,Last Name,Email,Mobile Phone,Birth Date,Status,Liability Release,Member Since,Last Visit';
    const csv = [
      header,
      `${m}1,Dana,Whit${m},dana.${m}@example.com,(503) 555-0101,4/12/1984,Active,3/2/2021 10:15 AM,1/15/2021,11/28/2026`,
      `${m}2,Milo,Whit${m},DANA.${m}@example.com,,9/30/2015,Non-Member,3/2/2021,1/15/2021,11/28/2026`,
      `${m}3,Ruby,Whit${m},dana.${m}@example.com,,2/14/2018,Suspended,,1/15/2021,`,
      `${m}4,Sam,Ort${m},sam.${m}@example.com,555-0199,12/1/1990,Terminated,,6/1/2019,2/2/2023`,
    ].join('\r\n');
    const id = await uploaded(csv, 'mindbody');
    const batch = (await gql(GET, { id })).importBatch;
    expect(batch.mapping).toEqual(
      expect.arrayContaining([
        { field: 'externalId', column: 0 },
        { field: 'birthday', column: 5 },
        { field: 'waiverSignedOn', column: 7 },
      ]),
    );
    expect(batch.sample[0][1]).toBe('Dana');
    await runToEnd(id, true);
    expect(await runToEnd(id, false)).toMatchObject({ state: 'imported', created: 4 });
    const people = await sql<{ first_name: string; guardian_id: string | null; is_active: boolean; created_at: Date; note: string }>(
      `select u.first_name, u.guardian_id, u.is_active, u.created_at, r.note from app_user u join import_record r on r.record_id = u.id
        where u.last_name like ? order by u.first_name`,
      [`%${m}`],
    );
    expect(people.map((p) => [p.first_name, Boolean(p.guardian_id), p.is_active, p.note])).toEqual([
      ['Dana', false, true, 'Mindbody: Active; Liability release signed in Mindbody client export on 2021-03-02'],
      ['Milo', true, true, 'Mindbody: Non-Member; Liability release signed in Mindbody client export on 2021-03-02'],
      ['Ruby', true, true, 'Mindbody: Suspended'],
      ['Sam', false, false, 'Mindbody: Terminated'],
    ]);
    expect(new Date(people[0].created_at).toISOString().slice(0, 10)).toBe('2021-01-15');

    // Next month's export: Dana changed her surname, Sam is back; matched by barcode id, not by name.
    const next = [
      header,
      `${m}1,Dana,Stone${m},dana.${m}@example.com,,4/12/1984,Active,,,`,
      `${m}4,Sam,Ort${m},,,12/1/1990,Active,,,`,
    ].join('\n');
    const second = await uploaded(next, 'mindbody');
    const checked = await runToEnd(second, true);
    expect(checked).toMatchObject({ created: 0, updated: 2 });
    await runToEnd(second, false);
    expect(
      await sql(`select last_name, is_active from app_user where first_name in ('Dana', 'Sam') and last_name like ? order by 1`, [`%${m}`]),
    ).toEqual([
      { last_name: `Ort${m}`, is_active: true },
      { last_name: `Stone${m}`, is_active: true },
    ]);
    // Undoing the second import gives the values back.
    expect((await gql(UNDO, { id: second })).undoImport).toMatchObject({ undone: 2, kept: [] });
    expect(
      await sql(`select last_name, is_active from app_user where first_name in ('Dana', 'Sam') and last_name like ? order by 1`, [`%${m}`]),
    ).toEqual([
      { last_name: `Ort${m}`, is_active: false },
      { last_name: `Whit${m}`, is_active: true },
    ]);
  });
});

describe('undo', () => {
  it('is refused for a record changed or used since, naming it; keepChanged undoes the rest', async () => {
    const m = mark();
    const id = await uploaded(
      [
        'First Name,Last Name,Email,Birthday',
        `Una,Keep${m},una.${m}@example.com,1990-01-01`,
        `Vic,Gone${m},vic.${m}@example.com,1991-01-01`,
        `Wes,Used${m},wes.${m}@example.com,1992-01-01`,
      ].join('\n'),
    );
    await runToEnd(id, true);
    await runToEnd(id, false);
    const [una] = await sql<{ id: string }>(`select id from app_user where last_name = ?`, [`Keep${m}`]);
    // Una's phone was changed on her page since; Wes unsubscribed from studio news.
    await sql(`update app_user set phone = '555-0000', updated_at = now() where id = ?`, [una.id]);
    const [wes] = await sql<{ id: string }>(`select id from app_user where last_name = ?`, [`Used${m}`]);
    await sql(`insert into email_opt_out (user_id, via) values (?, 'profile')`, [wes.id]);
    const [code, message] = await refusal(UNDO, { id });
    expect(code).toBe('CONFLICT');
    expect(message).toContain(`Una Keep${m} (line 2, changed since the import)`);
    expect(message).toContain(`Wes Used${m} (line 4, used since the import (email opt out))`);
    expect(await sql(`select 1 from app_user where last_name like ?`, [`%${m}`])).toHaveLength(3);

    const outcome = (await gql(UNDO, { id, keep: true })).undoImport;
    expect(outcome).toMatchObject({ undone: 1, batch: { state: 'undone' } });
    expect(outcome.kept.map((k: any) => k.line)).toEqual([2, 4]);
    expect(await sql(`select first_name from app_user where last_name like ? order by 1`, [`%${m}`])).toEqual([
      { first_name: 'Una' },
      { first_name: 'Wes' },
    ]);
  });
});

describe('a 10,000-row file', () => {
  const bigFile = (m: string) =>
    [
      'First Name,Last Name,Email,Birthday',
      ...Array.from({ length: 10_000 }, (_, i) =>
        i % 4 === 3 ? `Kid${i},Big${m},p${i - 1}.${m}@example.com,2016-01-01` : `P${i},Big${m},p${i}.${m}@example.com,1980-01-01`,
      ),
    ].join('\n');

  it('reports progress live, and a cancel leaves nothing', async () => {
    const m = mark();
    const id = await uploaded(bigFile(m));
    const client = wsClient(t.url, admin.token);
    const seen: { state: string; processed: number }[] = [];
    await new Promise<void>((resolve, reject) => {
      const stop = client.subscribe(
        { query: `subscription($id: ID!) { importProgress(id: $id) { state processed rowCount } }`, variables: { id } },
        {
          next: (r: any) => {
            if (r.errors) return reject(new Error(JSON.stringify(r.errors)));
            seen.push(r.data.importProgress);
            // The first answer is the batch as it is: start the check once listening.
            if (seen.length === 1) void gql(START, { id, dry: true }).catch(reject);
            if (r.data.importProgress.state === 'checked') {
              stop();
              resolve();
            }
          },
          error: reject,
          complete: () => undefined,
        },
      );
    });
    await client.dispose();
    const processed = seen.map((s) => s.processed);
    expect(processed.at(-1)).toBe(10_000);
    expect(processed.filter((p) => p > 0 && p < 10_000).length).toBeGreaterThanOrEqual(5);
    expect(processed).toEqual([...processed].sort((a, b) => a - b));
    const checked = (await gql(GET, { id })).importBatch;
    expect(checked).toMatchObject({ created: 10_000, problemCount: 0 });

    await gql(START, { id, dry: false });
    await eventually(async () => expect((await gql(GET, { id })).importBatch.processed).toBeGreaterThan(0), 20_000);
    await gql(`mutation($id: ID!) { cancelImport(id: $id) { state } }`, { id });
    await eventually(async () => expect((await gql(GET, { id })).importBatch.state).toBe('cancelled'), 20_000);
    expect(await sql(`select 1 from app_user where last_name = ?`, [`Big${m}`])).toHaveLength(0);
  });

  it('starts again after its database connection dies midway (as when the API stops) and imports each row once', async () => {
    const m = mark();
    const id = await uploaded(bigFile(m));
    await runToEnd(id, true);
    await gql(START, { id, dry: false });
    await eventually(async () => expect((await gql(GET, { id })).importBatch.processed).toBeGreaterThanOrEqual(1000), 20_000);
    // The import's own connection goes, mid-transaction: PostgreSQL rolls it back.
    const killed = await sql<{ ok: boolean }>(
      `select pg_terminate_backend(pid) as ok from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null and query like '%json_to_recordset%'`,
    );
    expect(killed.length).toBeGreaterThanOrEqual(1);
    await eventually(async () => expect((await gql(GET, { id })).importBatch.state).toBe('importing'), 5_000);
    // The sweep (every minute) starts it again once its heartbeat is stale.
    await eventually(async () => {
      await t.app.services.portability.imports.sweep();
      expect((await gql(GET, { id })).importBatch.state).toBe('imported');
    }, 40_000);
    const batch = (await gql(GET, { id })).importBatch;
    expect(batch.attempts).toBe(2);
    expect(
      await sql(`select count(*)::int as n, count(distinct email)::int as emails from app_user where last_name = ?`, [`Big${m}`]),
    ).toEqual([{ n: 10_000, emails: 7_500 }]);
    expect(await sql(`select count(*)::int as n from import_record where batch_id = ?`, [id])).toEqual([{ n: 10_000 }]);
  }, 90_000);
});

import { parse } from 'csv-parse/sync';
import { startTestApp, type TestApp } from '../../test/app.js';
import { buildBooking, em, makeFamilyMember, makeUser, Role, type MadeUser } from '../../test/factories.js';
import { EXPORT_PAGE_ROWS } from './export-stream.js';

let t: TestApp;
let admin: MadeUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(() => t.close());

const get = (path: string, token?: string) => fetch(`${t.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

it('downloads every table the modules declare, as CSV and as JSON, with its columns', async () => {
  const { exportTables } = (await t.gql(`{ exportTables { name columns personal } }`, {}, { token: admin.token })).data!;
  expect(exportTables.map((x: { name: string }) => x.name)).toEqual(
    expect.arrayContaining([
      'people',
      'classes',
      'bookings',
      'orders',
      'invoices',
      'memberships',
      'class-packs',
      'move-progress',
      'emails',
      'waiver-signatures',
    ]),
  );
  await buildBooking(t);
  for (const table of exportTables as { name: string; columns: string[] }[]) {
    const csv = await get(`/api/export/${table.name}.csv`, admin.token);
    expect([table.name, csv.status, csv.headers.get('content-type')]).toEqual([table.name, 200, 'text/csv; charset=utf-8']);
    expect(csv.headers.get('content-disposition')).toMatch(new RegExp(`attachment; filename="?${table.name}-\\d{4}-\\d{2}-\\d{2}\\.csv"?`));
    const rows = parse(await csv.text()) as string[][];
    expect(rows[0]).toEqual(table.columns);
    const json = await get(`/api/export/${table.name}.json`, admin.token);
    const objects = (await json.json()) as Record<string, unknown>[];
    expect(objects.length).toBe(rows.length - 1);
    if (objects.length) expect(Object.keys(objects[0])).toEqual(table.columns);
  }
});

it('neutralises cells a spreadsheet would run as formulas', async () => {
  const { user } = await makeUser(t, { firstName: '=HYPERLINK("https://evil.example","x")', lastName: '+1-2' });
  const rows = parse(await (await get('/api/export/people.csv', admin.token)).text(), { columns: true }) as Record<string, string>[];
  const row = rows.find((r) => r.id === user.id)!;
  expect(row.first_name).toBe(`'=HYPERLINK("https://evil.example","x")`);
  expect(row.last_name).toBe(`'+1-2`);
  const json = (await (await get('/api/export/people.json', admin.token)).json()) as Record<string, unknown>[];
  expect(json.find((r) => r.id === user.id)!.first_name).toBe('=HYPERLINK("https://evil.example","x")');
});

it('streams: the first rows arrive before the last page is read', async () => {
  // Ten pages of people (about 3 MB, far more than the sockets buffer), then a person whose id sorts last is added
  // once the first bytes arrived: the server can only have read the last page after this reader took the rest, so the
  // late person is in the file exactly when the rows are streamed rather than gathered first.
  await em(t)
    .getConnection()
    .execute(
      `insert into app_user (id, first_name, last_name, birthday, role)
        select gen_random_uuid(), 'Stream', 'Person ' || n, '1990-01-01', 'student' from generate_series(1, ?) n`,
      [EXPORT_PAGE_ROWS * 10 + 10],
    );
  const res = await get('/api/export/people.csv', admin.token);
  expect(Number(res.headers.get('x-export-rows'))).toBeGreaterThan(EXPORT_PAGE_ROWS * 10);
  const reader = res.body!.getReader();
  const first = await reader.read();
  expect(first.done).toBe(false);
  await em(t)
    .getConnection()
    .execute(
      `insert into app_user (id, first_name, last_name, birthday, role) values ('ffffffff-ffff-4fff-bfff-ffffffffffff', 'Late', 'Arrival', '1990-01-01', 'student')`,
    );
  let text = new TextDecoder().decode(first.value);
  for (;;) {
    const next = await reader.read();
    if (next.done) break;
    text += new TextDecoder().decode(next.value);
  }
  expect(text).toContain('ffffffff-ffff-4fff-bfff-ffffffffffff,Late,Arrival');
});

it('is for admins; a member downloads only their own and their children’s data', async () => {
  const parent = await makeUser(t, { role: Role.parent });
  const child = await makeFamilyMember(t, parent.user, 10, 'Kit');
  const stranger = await makeUser(t);
  await buildBooking(t, { attendee: child, bookedBy: parent.user });
  await buildBooking(t, { attendee: stranger.user });

  expect((await get('/api/export/people.csv')).status).toBe(401);
  expect((await get('/api/export/people.csv', 'not-a-token')).status).toBe(401);
  expect((await get('/api/export/people.csv', parent.token)).status).toBe(403);
  expect((await get('/api/export/nope.csv', admin.token)).status).toBe(404);
  expect((await get('/api/export/people.xlsx', admin.token)).status).toBe(404);
  expect((await get('/api/export/my-data.json')).status).toBe(401);

  const mine = await get('/api/export/my-data.json', parent.token);
  expect(mine.headers.get('content-disposition')).toMatch(/my-studio-data-\d{4}-\d{2}-\d{2}\.json/);
  const data = (await mine.json()) as Record<string, Record<string, unknown>[]>;
  expect(data.people.map((p) => p.id).sort()).toEqual([parent.user.id, child.id].sort());
  expect(data.bookings.map((b) => b.attendee_id)).toEqual([child.id]);
  expect(JSON.stringify(data)).not.toContain(stranger.user.id);
  expect(data).not.toHaveProperty('emails');
});

it('refuses API keys: exports carry personal data that no scope gates', async () => {
  const made = await t.gql(
    `mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }`,
    { input: { name: 'Exporter', scopes: ['members:read', 'members:pii', 'studio:read'] } },
    { token: admin.token },
  );
  const key = made.data!.createApiKey.secret as string;
  expect((await get('/api/export/people.csv', key)).status).toBe(401);
  expect((await get('/api/export/my-data.json', key)).status).toBe(401);
  // The catalogue itself is readable with studio:read.
  const listed = await t.gql(`{ exportTables { name } }`, {}, { token: key });
  expect(listed.errors).toBeUndefined();
});

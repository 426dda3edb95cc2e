import { randomUUID } from 'node:crypto';
import { startTestApp, type TestApp } from '../../test/app.js';
import { makeUser, Role } from '../../test/factories.js';
import { collect, wsClient } from '../../test/ws.js';

/** The cost of a list counts the range it spans, so aliases of long schedules cannot add up. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const CLASS = `id date startTime endTime status capacity spotsLeft waitlistLength bookable notes
  blueprint { id name description level durationMinutes dropInPriceCents apparatus { id name } }
  instructor { id name }`;
const schedule = (aliases: number, from: string, to: string) =>
  `{ ${Array.from({ length: aliases }, (_, i) => `s${i}: classSchedule(from: "${from}", to: "${to}") { ${CLASS} }`).join(' ')} }`;

it('lets one schedule of the longest range through', async () => {
  const res = await t.gql(schedule(1, '2026-06-01', '2026-08-01'));
  expect(res.status).toBe(200);
  expect(res.errors).toBeUndefined();
});

it('refuses aliases of long schedules that a static cost would let pass', async () => {
  const res = await t.gql(schedule(15, '2026-06-01', '2026-08-01'));
  expect(res.status).toBe(400);
  expect(res.data).toBeUndefined();
  expect(res.errors?.[0].message).toMatch(/Cost limit of 5000 exceeded, found \d+: .*shorter date range/);
  // The same aliases over one week each are fine: the range is what costs.
  expect((await t.gql(schedule(15, '2026-06-01', '2026-06-07'))).errors).toBeUndefined();
});

it('counts ranges given in variables, over HTTP and over WebSocket', async () => {
  const query = `query($from: String!, $to: String!) { ${Array.from({ length: 4 }, (_, i) => `s${i}: classSchedule(from: $from, to: $to) { ${CLASS} }`).join(' ')} }`;
  // Costs are kept per document and variables: the same query text is refused or let through by its variables.
  expect((await t.gql(query, { from: '2026-06-01', to: '2026-06-07' })).errors).toBeUndefined();
  const http = await t.gql(query, { from: '2026-06-01', to: '2026-08-01' });
  expect(http.status).toBe(400);
  expect((await t.gql(query, { from: '2026-06-01', to: '2026-08-01' })).status).toBe(400);
  expect((await t.gql(query, { from: '2026-06-01', to: '2026-06-07' })).errors).toBeUndefined();
  const client = wsClient(t.url);
  const sub = collect(client, schedule(15, '2026-06-01', '2026-08-01'));
  expect(JSON.stringify(await sub.next())).toMatch(/Cost limit of 5000/);
  await client.dispose();
});

it('weighs fields that render a document, so aliases of one PDF cannot add up', async () => {
  const member = await makeUser(t);
  const id = randomUUID();
  const pdfs = (aliases: number) =>
    `{ ${Array.from({ length: aliases }, (_, i) => `p${i}: invoicePdf(id: "${id}") { filename contentBase64 }`).join(' ')} }`;
  const refused = await t.gql(pdfs(15), {}, { token: member.token });
  expect(refused.status).toBe(400);
  expect(refused.data).toBeUndefined();
  expect(refused.errors?.[0].message).toMatch(/Cost limit of 5000 exceeded/);
  // One document per request is what the app asks for: it runs (and finds no such invoice).
  const one = await t.gql(pdfs(1), {}, { token: member.token });
  expect(one.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  const admin = await makeUser(t, { role: Role.admin });
  const exports = `{ a: invoicesCsv b: invoicesCsv c: attendanceCsv(from: "2026-01-01", to: "2026-03-31") d: invoicesCsv e: invoicesCsv f: invoicesCsv g: invoicesCsv h: invoicesCsv i: invoicesCsv }`;
  expect((await t.gql(exports, {}, { token: admin.token })).errors?.[0].message).toMatch(/Cost limit of 5000 exceeded/);
});

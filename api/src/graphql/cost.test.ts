import { startTestApp, type TestApp } from '../../test/app.js';
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

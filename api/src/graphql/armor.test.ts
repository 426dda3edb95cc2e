import { startTestApp, type TestApp } from '../../test/app.js';
import { em, makeUser, Role } from '../../test/factories.js';
import { collect, wsClient } from '../../test/ws.js';
import { OutboxEmail } from '../modules/email/outbox-email.entity.js';
import { ARMOR_LIMITS } from './armor.js';

let t: TestApp;
let prod: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  prod = await startTestApp({ NODE_ENV: 'production' });
});
afterAll(async () => {
  await t.close();
  await prod.close();
});

/** A side-effecting field: if any resolver ran, an outbox row would appear for this address. */
const RESET = (alias: string, email: string) => `${alias}: requestPasswordReset(email: "${email}")`;

/** `{ profile { familyMembers { … { id } } } }` with `levels` levels of fields, the leaf included. */
const nested = (levels: number, leaf = 'id') => {
  let selection = leaf;
  for (let i = 2; i < levels; i++) selection = `familyMembers { ${selection} }`;
  return `{ profile { ${selection} } }`;
};
const SCALARS = 'id firstName lastName email username birthday age isMinor hasLogin waiverSigned';

const overLimit: [string, () => string, RegExp][] = [
  ['depth', () => nested(ARMOR_LIMITS.maxDepth + 1), /depth limit of 10/],
  [
    'aliases',
    () => `mutation { ${Array.from({ length: ARMOR_LIMITS.maxAliases + 1 }, (_, i) => RESET(`a${i}`, 'armor@example.test')).join(' ')} }`,
    /Aliases limit of 15/,
  ],
  [
    'directives',
    () => `mutation { ${RESET('a', 'armor@example.test')} ${'@include(if: true) '.repeat(ARMOR_LIMITS.maxDirectives + 1)} }`,
    /Directives limit of 50/,
  ],
  [
    'tokens',
    () => `mutation { ${RESET('a', 'armor@example.test')} } ${'query q { __typename } '.repeat(ARMOR_LIMITS.maxTokens / 5)}`,
    /more tha[nt] 2000 tokens/,
  ],
  [
    'cost',
    () =>
      `{ ${Array.from({ length: ARMOR_LIMITS.maxAliases }, (_, i) => `c${i}: ${nested(ARMOR_LIMITS.maxDepth, SCALARS).slice(2, -2)}`).join(' ')} }`,
    /Cost limit of 5000/,
  ],
];

describe.each(overLimit)('a document over the %s limit', (_limit, document, message) => {
  it('is refused over HTTP before any resolver runs', async () => {
    const user = await makeUser(t);
    const res = await t.gql(document(), {}, { token: user.token });
    expect(res.status).toBe(400);
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0].extensions?.code).toMatch(/GRAPHQL_(VALIDATION|PARSE)_FAILED/);
    expect(res.errors?.map((e) => e.message).join(' ')).toMatch(message);
    expect(await em(t).count(OutboxEmail, { to: 'armor@example.test' })).toBe(0);
  });

  it('is refused over WebSocket too', async () => {
    const client = wsClient(t.url);
    const sub = collect(client, document());
    const result = await sub.next();
    expect(JSON.stringify(result)).toMatch(message);
    expect(sub.results.every((r) => !r.data)).toBe(true);
    await client.dispose();
  });
});

it('accepts a document right at the limits', async () => {
  const user = await makeUser(t);
  const res = await t.gql(nested(ARMOR_LIMITS.maxDepth), {}, { token: user.token });
  expect(res.errors).toBeUndefined();
});

it('refuses request bodies over 1 MB', async () => {
  const res = await fetch(`${t.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ __typename }', variables: { pad: 'x'.repeat(1024 * 1024) } }),
  });
  expect(res.status).toBe(413);
});

it('blocks cross-site simple requests (CSRF prevention)', async () => {
  const res = await fetch(`${t.url}/graphql?query=${encodeURIComponent('{ landingPageConfig { heroTitle } }')}`);
  expect(res.status).toBe(400);
  expect(await res.text()).toMatch(/CSRF/);
});

it('masks unexpected errors: a generic message and an error id, no stack, no internals', async () => {
  // A table gone missing makes PostgreSQL itself fail: a genuinely unexpected error. (A NUL byte used to do it;
  // bad input is refused at the edge now.)
  const member = await makeUser(t);
  const sql = em(t).getConnection();
  await sql.execute('alter table feedback rename to feedback_hidden');
  const res = await t
    .gql(`mutation { submitFeedback(input: { message: "hello" }) { id } }`, {}, { token: member.token })
    .finally(() => sql.execute('alter table feedback_hidden rename to feedback'));
  const error = res.errors?.[0];
  expect(error?.message).toBe('Something went wrong on our side. Please try again.');
  expect(error?.extensions).toEqual({ code: 'INTERNAL_SERVER_ERROR', errorId: expect.any(String) });
  expect(JSON.stringify(res)).not.toMatch(/stack|postgres|feedback_hidden|relation|at /i);
});

describe('in production', () => {
  it('gives no field suggestions', async () => {
    const res = await prod.gql(`{ landingPageConfg { heroTitle } }`);
    expect(res.errors?.[0].message).toBe('Cannot query field "landingPageConfg" on type "Query".');
    const ws = wsClient(prod.url);
    const sub = collect(ws, `subscription { landingPageConfigChangd { heroTitle } }`);
    const result = await sub.next();
    expect(JSON.stringify(result)).not.toMatch(/Did you mean/);
    await ws.dispose();
  });

  it('refuses anonymous introspection but lets an admin introspect', async () => {
    const anonymous = await prod.gql(`{ __schema { queryType { name } } }`);
    expect(anonymous.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // A refusal is a 4xx, never a 500.
    expect(anonymous.status).toBe(403);
    expect((await prod.gql(`{ __type(name: "Query") { name } }`)).status).toBe(403);
    const member = await makeUser(prod);
    expect((await prod.gql(`{ __type(name: "User") { name } }`, {}, { token: member.token })).errors?.[0].extensions?.code).toBe(
      'FORBIDDEN',
    );
    const admin = await makeUser(prod, { role: Role.admin });
    expect((await prod.gql(`{ __schema { queryType { name } } }`, {}, { token: admin.token })).data).toEqual({
      __schema: { queryType: { name: 'Query' } },
    });
  });
});

describe('expensive mutations', () => {
  it.each([
    ['login', (a: string) => `${a}: login(username: "nobody", password: "wrong-password") { token }`],
    [
      'register',
      (a: string) =>
        `${a}: register(input: { firstName: "A", lastName: "B", username: "u${a}", email: "${a}@x.test", password: "p", birthday: "2000-01-01" }) { token }`,
    ],
    ['requestPasswordReset', (a: string) => RESET(a, 'armor@example.test')],
    ['kioskSignIn', (a: string) => `${a}: kioskSignIn(username: "nobody", pin: "1234") { token }`],
    [
      'kioskTapIn',
      (a: string) => `${a}: kioskTapIn(deviceToken: "not-a-device-token", bookingId: "00000000-0000-4000-8000-000000000000") { token }`,
    ],
    ['acceptFamilyInvite', (a: string) => `${a}: acceptFamilyInvite(token: "made-up-token", username: "u${a}", password: "p") { token }`],
  ])('%s may appear once per document, refused before any runs', async (name, field) => {
    const res = await t.gql(`mutation { ${field('a')} ${field('b')} }`);
    expect(res.status).toBe(400);
    expect(res.data).toBeUndefined();
    expect(res.errors?.map((e) => e.message)).toContain(`${name} may appear only once per request.`);
    expect(await em(t).count(OutboxEmail, { to: 'armor@example.test' })).toBe(0);
  });

  it('lets a single one through', async () => {
    const res = await t.gql(`mutation { ${RESET('a', 'single@example.test')} }`);
    expect(res.errors).toBeUndefined();
  });
});

it('refuses a variable list longer than any input accepts before validating it item by item', async () => {
  const admin = await makeUser(t, { role: Role.admin });
  const save = `mutation($i: UpdateLandingPageConfigInput!) { updateLandingPageConfig(input: $i) { heroTitle } }`;
  const feature = { title: 'Silks', description: 'Climbs and drops', icon: 'star' };
  const huge = await t.gql(
    save,
    { i: { featuresContent: Array.from({ length: ARMOR_LIMITS.maxListItems + 1 }, () => feature) } },
    { token: admin.token },
  );
  expect(huge.status).toBe(400);
  expect(huge.errors?.[0]).toMatchObject({
    message: `A list in the variables holds ${ARMOR_LIMITS.maxListItems + 1} items or more; at most ${ARMOR_LIMITS.maxListItems} are accepted.`,
    extensions: { code: 'BAD_USER_INPUT' },
  });
  // A list within the limit still meets the field's own rule.
  const thirteen = await t.gql(save, { i: { featuresContent: Array.from({ length: 13 }, () => feature) } }, { token: admin.token });
  expect(thirteen.errors?.[0].extensions).toMatchObject({
    code: 'BAD_USER_INPUT',
    fields: { featuresContent: 'Use at most 12 features.' },
  });
});

it('refuses an oversized variable list over the WebSocket too, before the subscription starts', async () => {
  const client = wsClient(t.url);
  const errors: unknown[] = [];
  const ids = Array.from({ length: ARMOR_LIMITS.maxListItems + 1 }, () => '6f1c1f7e-0000-4000-8000-000000000000');
  await new Promise<void>((resolve) => {
    setTimeout(resolve, 5000); // a subscription that started sends nothing here: fail on the expectation, not a timeout
    client.subscribe(
      { query: `subscription($ids: [ID!]) { spotsChanged(classInstanceIds: $ids) { spotsLeft } }`, variables: { ids } },
      { next: () => resolve(), error: (e) => (errors.push(e), resolve()), complete: () => resolve() },
    );
  });
  expect(JSON.stringify(errors)).toContain(`at most ${ARMOR_LIMITS.maxListItems} are accepted`);
  await client.dispose();
});

import { startTestApp, type TestApp } from '../../test/app.js';
import { makeFamilyMember, makeUser, Role, TEST_PASSWORD } from '../../test/factories.js';
import { moduleRoutes } from '../http/module-routes.js';
import { restRoutes } from './facade.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function call(method: string, path: string, opts: { token?: string; body?: unknown; raw?: string; ip?: string } = {}) {
  const res = await fetch(`${t.url}/api${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined || opts.raw ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.ip ? { 'x-forwarded-for': opts.ip } : {}),
    },
    body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, headers: res.headers };
}

it('maps every documented path built so far to one GraphQL operation', () => {
  expect(restRoutes.map((r) => `${r.method.toUpperCase()} /api${r.path}`).sort()).toEqual([
    'DELETE /api/cart',
    'DELETE /api/cart-items',
    'DELETE /api/cart-items/:id',
    'DELETE /api/cart/:classInstanceId',
    'DELETE /api/instructors/:id/photo',
    'DELETE /api/moves/:id/image',
    'DELETE /api/notifications/all',
    'DELETE /api/user/notifications',
    'GET /api/admin/attendance.csv',
    'GET /api/admin/invoices.csv',
    'GET /api/admin/users.csv',
    'GET /api/auth/verify',
    'GET /api/bookings/:id.ics',
    'GET /api/calendar/:token.ics',
    'GET /api/cart',
    'GET /api/cart-items',
    'GET /api/imports/:id/problems.csv',
    'GET /api/invoices/:id.pdf',
    'GET /api/invoices/:id/receipt.pdf',
    'GET /api/landing-page-config',
    'GET /api/notifications',
    'GET /api/pos/sales/:id/receipt.pdf',
    'GET /api/profile',
    'GET /api/staff-chat',
    'GET /api/user/notifications',
    'GET /api/waivers/signatures/:id.pdf',
    'PATCH /api/notifications/:id/read',
    'PATCH /api/notifications/read-all',
    'PATCH /api/user/notifications/:id/read',
    'PATCH /api/user/notifications/read-all',
    'POST /api/feedback',
    'POST /api/login',
    'POST /api/products/:id/images',
    'POST /api/sign-waiver',
    'POST /api/stripe/create-checkout-session',
    'PUT /api/imports/people',
    'PUT /api/instructors/:id/photo',
    'PUT /api/mailings/attachments',
    'PUT /api/moves/:id/image',
    'PUT /api/videos/:id/poster',
  ]);
});

it('leaves pages, webhooks and file downloads to the routes their modules serve themselves', () => {
  const { direct, express } = moduleRoutes(t.app.services);
  expect([...direct, ...express].map((r) => `${r.method.toUpperCase()} ${r.path}`).sort()).toEqual([
    'ALL /api/uploads/videos',
    'ALL /api/uploads/videos/:uploadId',
    'GET /api/email/unsubscribe/:token',
    'GET /api/export/:file',
    'GET /api/export/my-data.json',
    'GET /api/instructors/:id/photo',
    'GET /api/moves/:id/image',
    'GET /api/product-images/:id/:size.webp',
    'GET /api/stripe/front-desk/:outcome',
    'GET /api/stripe/test-checkout/:id',
    'GET /api/stripe/test-subscribe/:id',
    'GET /media/videos/:id',
    'GET /media/videos/:id/poster',
    'POST /api/email/unsubscribe/:token',
    'POST /api/stripe/test-checkout/:id/cancel',
    'POST /api/stripe/test-checkout/:id/pay',
    'POST /api/stripe/test-subscribe/:id/pay',
    'POST /api/stripe/webhook',
  ]);
  expect(direct.map((r) => r.path)).toEqual(['/api/stripe/webhook']);
});

describe('POST /api/login', () => {
  it('answers token, user and redirect', async () => {
    const { username, user } = await makeUser(t);
    const res = await call('POST', '/login', { body: { username, password: TEST_PASSWORD }, ip: '10.1.0.1' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      token: expect.any(String),
      redirect: '/waiver',
      user: { id: user.id, username, role: 'student', waiverSigned: false },
    });
  });

  it('answers 401 with the safe message as text for bad credentials', async () => {
    const res = await call('POST', '/login', { body: { username: 'ghost', password: 'wrong-password' }, ip: '10.1.0.2' });
    expect(res).toMatchObject({ status: 401, text: 'Invalid username or password.' });
  });

  it('answers 400 for a missing field and for malformed JSON', async () => {
    expect((await call('POST', '/login', { body: { username: 'x' } })).status).toBe(400);
    const malformed = await call('POST', '/login', { raw: '{"username":' });
    expect(malformed).toMatchObject({ status: 400, text: 'The request body is not valid JSON.' });
  });

  it('answers 429 with Retry-After once the username is locked', async () => {
    const { username } = await makeUser(t);
    for (let i = 0; i < 10; i++) await call('POST', '/login', { body: { username, password: 'wrong-password' }, ip: `10.2.0.${i}` });
    const res = await call('POST', '/login', { body: { username, password: TEST_PASSWORD }, ip: '10.2.1.1' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('GET /api/auth/verify', () => {
  it('answers the session user, or 401', async () => {
    const { token, user } = await makeUser(t, { signed: true });
    expect((await call('GET', '/auth/verify', { token })).json).toEqual({
      user: expect.objectContaining({ id: user.id, role: 'student', waiverSigned: true, birthday: user.birthday, email: user.email }),
    });
    expect(await call('GET', '/auth/verify')).toMatchObject({ status: 401, text: 'Please sign in to continue.' });
    expect((await call('GET', '/auth/verify', { token: 'garbage' })).status).toBe(401);
  });
});

describe('GET /api/profile', () => {
  it('answers the user with family members, or 401', async () => {
    const parent = await makeUser(t, { role: Role.parent });
    const kid = await makeFamilyMember(t, parent.user, 6, 'Ivy');
    const res = await call('GET', '/profile', { token: parent.token });
    expect(res.json).toMatchObject({
      id: parent.user.id,
      firstName: parent.user.firstName,
      familyMembers: [{ id: kid.id, firstName: 'Ivy', birthday: kid.birthday, isMinor: true }],
    });
    expect((await call('GET', '/profile')).status).toBe(401);
  });
});

describe('POST /api/sign-waiver', () => {
  it('signs and answers the signed ids and the refreshed user', async () => {
    const parent = await makeUser(t, { role: Role.parent });
    const kid = await makeFamilyMember(t, parent.user, 6);
    const res = await call('POST', '/sign-waiver', { token: parent.token, body: { userIds: [parent.user.id, kid.id] } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ success: true, user: { id: parent.user.id, waiverSigned: true } });
    expect(res.json.signedUserIds.sort()).toEqual([parent.user.id, kid.id].sort());
  });

  it('answers 403 for an adult family member, 400 for an empty list, 401 signed out', async () => {
    const parent = await makeUser(t, { role: Role.parent });
    const adult = await makeFamilyMember(t, parent.user, 22, 'Ana');
    const refused = await call('POST', '/sign-waiver', { token: parent.token, body: { userIds: [adult.id] } });
    expect(refused).toMatchObject({
      status: 403,
      text: `Ana ${parent.user.lastName} is 18 or older and must sign the waiver with their own account.`,
    });
    expect((await call('POST', '/sign-waiver', { token: parent.token, body: { userIds: [] } })).status).toBe(400);
    expect((await call('POST', '/sign-waiver', { body: { userIds: [parent.user.id] } })).status).toBe(401);
  });
});

describe('POST /api/feedback', () => {
  it('stores feedback with general as the default category', async () => {
    const { token } = await makeUser(t);
    const res = await call('POST', '/feedback', { token, body: { message: '  The lyra schedule is great  ' } });
    expect(res.json).toMatchObject({ message: 'The lyra schedule is great', category: 'general' });
    expect((await call('POST', '/feedback', { token, body: { message: 'Bug!', category: 'bug' } })).json.category).toBe('bug');
  });

  it('refuses an empty message, an unknown category and anonymous senders', async () => {
    const { token } = await makeUser(t);
    expect((await call('POST', '/feedback', { token, body: { message: '   ' } })).status).toBe(400);
    expect((await call('POST', '/feedback', { token, body: { message: 'hi', category: 'rant' } })).status).toBe(400);
    expect((await call('POST', '/feedback', { body: { message: 'hi' } })).status).toBe(401);
  });
});

describe('GET /api/landing-page-config', () => {
  it('answers the configuration to anyone', async () => {
    const res = await call('GET', '/landing-page-config');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      primaryColor: '#8B5CF6',
      secondaryColor: '#A855F7',
      heroCtaLink: '/register',
      announcementEnabled: false,
    });
    expect(res.json.featuresContent).toHaveLength(4);
  });
});

it('answers 404 for an unknown /api path', async () => {
  expect(await call('GET', '/nope')).toMatchObject({ status: 404, text: 'Not found' });
});

it('lets an admin read feedback; others get 403', async () => {
  const admin = await makeUser(t, { role: Role.admin });
  const member = await makeUser(t);
  await call('POST', '/feedback', { token: member.token, body: { message: 'Please add more hammock classes', category: 'feature' } });
  const list = await t.gql(`{ feedback(category: feature) { total items { message author { id } } } }`, {}, { token: admin.token });
  expect(list.data?.feedback.items).toContainEqual({ message: 'Please add more hammock classes', author: { id: member.user.id } });
  expect((await t.gql(`{ feedback { total } }`, {}, { token: member.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
});

import { startTestApp, type TestApp } from '../../test/app.js';
import { makeUser, Role } from '../../test/factories.js';

/** Bad input on the REST paths answers 400 in the REST path's own words, never 5xx. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const send = (method: string, path: string, body?: unknown, token?: string) =>
  fetch(`${t.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

it.each([
  [{}, 'username is required.'],
  [{ username: 'someone' }, 'password is required.'],
  [{ username: 5, password: 'x' }, 'username must be a string.'],
  [{ username: 'a\u0000b', password: 'x' }, 'username: Text cannot contain NUL characters.'],
])('POST /api/login with %j answers 400: %s', async (body, message) => {
  const res = await send('POST', '/login', body);
  expect(res.status).toBe(400);
  expect(await res.text()).toBe(message);
});

it('names the missing field of a JSON body, not a GraphQL variable', async () => {
  const member = await makeUser(t);
  const res = await send('POST', '/feedback', {}, member.token);
  expect(res.status).toBe(400);
  expect(await res.text()).toBe('message is required.');
  const nul = await send('POST', '/feedback', { message: 'hi\u0000' }, member.token);
  expect(nul.status).toBe(400);
});

it('refuses a path id that is not an id, and a year 0000', async () => {
  const member = await makeUser(t);
  const cart = await send('DELETE', '/cart/not-a-uuid', undefined, member.token);
  expect(cart.status).toBe(400);
  expect(await cart.text()).toBe('classInstanceId: Not a valid id.');
  const admin = await makeUser(t, { role: Role.admin });
  const csv = await send('GET', '/admin/attendance.csv?from=0000-01-01&to=0000-01-02', undefined, admin.token);
  expect(csv.status).toBe(400);
  expect(await csv.text()).not.toMatch(/Variable|\$/);
});

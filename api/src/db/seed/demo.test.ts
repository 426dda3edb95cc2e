import { startTestApp, type TestApp } from '../../../test/app.js';
import { em } from '../../../test/factories.js';
import { User } from '../../modules/users/user.entity.js';
import { WaiverSignature } from '../../modules/waivers/waiver-signature.entity.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

it('seeds the demo accounts and family once; a second run changes nothing', async () => {
  await seedDemo(t.app.services);
  const count = async () => [await em(t).count(User, {}), await em(t).count(WaiverSignature, {})];
  const first = await count();
  await seedDemo(t.app.services);
  expect(await count()).toEqual(first);
  expect(first).toEqual([7, 4]);
});

it('gives the parent a 10-year-old and a 19-year-old and leaves the parent unsigned; the student has signed', async () => {
  await seedDemo(t.app.services);
  const login = async (username: string) =>
    (await t.gql(`mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token redirect } }`, { u: username, p: DEMO_PASSWORD })).data?.login;
  const parent = await login('parent');
  expect(parent.redirect).toBe('/waiver');
  const profile = await t.gql(`{ profile { role familyMembers { firstName age isMinor } } }`, {}, { token: parent.token });
  expect(profile.data?.profile.role).toBe('parent');
  expect(profile.data?.profile.familyMembers.map((m: { age: number }) => m.age).sort()).toEqual([10, 19]);
  for (const username of ['admin', 'instructor', 'teacher', 'student']) expect((await login(username)).redirect).toBe('/dashboard');
});

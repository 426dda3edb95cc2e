import { payTestLink } from '../../../test/shop.js';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { buildMembershipPlan, em, makeUser, Role, type Overrides } from '../../../test/factories.js';
import { Notification } from '../notifications/notification.entity.js';
import type { MembershipPlan } from './membership.entity.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PAYMENTS_TEST_PROVIDER: '1', PUBLIC_URL: 'http://studio.test' });
});
afterAll(() => t.close());

const SUBSCRIBE = `mutation($p: ID!) { subscribeToPlan(planId: $p) { url sessionId } }`;
const RESULT = `query($s: String!) { membershipCheckout(sessionId: $s) { status plan { name } membership { status currentPeriodEnd plan { name } } } }`;
const localPath = (url: string) => url.replace('http://studio.test', t.url);

const plan = (fields: Overrides<MembershipPlan> = {}) =>
  buildMembershipPlan(t, { name: 'Monthly unlimited', priceCents: 14000, signUpFeeCents: 2500, ...fields });

it('needs a signed-in member and an active plan', async () => {
  const p = await plan({ name: 'Retired', active: false });
  expect((await t.gql(SUBSCRIBE, { p: p.id })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  const m = await makeUser(t, { signed: true });
  expect((await t.gql(SUBSCRIBE, { p: p.id }, { token: m.token })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
});

it('subscribing through the test provider lands on /membership-success with the new membership, which pays for a class', async () => {
  const p = await plan();
  const m = await makeUser(t, { signed: true });
  const started = await t.gql(SUBSCRIBE, { p: p.id }, { token: m.token });
  expect(started.errors).toBeUndefined();
  const { url, sessionId } = started.data!.subscribeToPlan;
  expect(url).toMatch(new RegExp(`^http://studio\\.test/api/stripe/test-subscribe/${sessionId}\\?token=[\\w-]{43}$`));

  const page = await fetch(localPath(url));
  const html = await page.text();
  expect(html).toContain('Monthly unlimited membership, every month');
  expect(html).toContain('Subscribe and pay $165.00');
  const pending = await t.gql(RESULT, { s: sessionId }, { token: m.token });
  expect(pending.data?.membershipCheckout).toMatchObject({ status: 'open', membership: null });

  const paid = await payTestLink(t, url);
  expect(paid.status).toBe(303);
  expect(paid.headers.get('location')).toBe(`http://studio.test/membership-success?session_id=${sessionId}`);
  const done = await t.gql(RESULT, { s: sessionId }, { token: m.token });
  expect(done.data?.membershipCheckout).toMatchObject({
    status: 'completed',
    membership: { status: 'active', plan: { name: 'Monthly unlimited' } },
  });
  // Paying again changes nothing; another member cannot read the checkout.
  expect((await payTestLink(t, url)).status).toBe(409);
  expect((await t.gql(`{ myMemberships { id } }`, {}, { token: m.token })).data?.myMemberships).toHaveLength(1);
  const other = await makeUser(t);
  expect((await t.gql(RESULT, { s: sessionId }, { token: other.token })).errors?.[0].extensions?.code).toBe('NOT_FOUND');

  const c = await makeClass(t, { priceCents: 2500 });
  const booked = await t.gql(
    `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { status paymentStatus coveredBy } cart { totalItems } } }`,
    { c: c.id, a: m.user.id },
    { token: m.token },
  );
  expect(booked.data?.bookClass).toEqual({
    booking: { status: 'confirmed', paymentStatus: 'covered', coveredBy: 'Monthly unlimited membership' },
    cart: { totalItems: 0 },
  });
  expect((await t.gql(SUBSCRIBE, { p: p.id }, { token: m.token })).errors?.[0].extensions?.code).toBe('CONFLICT');
});

it('a member on another address of the app subscribes there and returns there, not to PUBLIC_URL', async () => {
  const p = await plan();
  const m = await makeUser(t, { signed: true });
  const started = await t.gql(SUBSCRIBE, { p: p.id }, { token: m.token, headers: { origin: t.url } });
  const { url, sessionId } = started.data!.subscribeToPlan;
  expect(url.startsWith(`${t.url}/api/stripe/test-subscribe/${sessionId}?token=`)).toBe(true);
  const link = new URL(url);
  const paid = await fetch(`${t.url}${link.pathname}/pay${link.search}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: t.url },
  });
  expect([paid.status, paid.headers.get('location')]).toEqual([303, `${t.url}/membership-success?session_id=${sessionId}`]);
});

it('two tabs or three requests at once get one checkout (the same link), and paying it makes one membership', async () => {
  const p = await plan();
  const m = await makeUser(t, { signed: true });
  const answers = await Promise.all([1, 2, 3].map(() => t.gql(SUBSCRIBE, { p: p.id }, { token: m.token })));
  expect(answers.map((a) => a.errors)).toEqual([undefined, undefined, undefined]);
  const sessions = new Set(answers.map((a) => a.data!.subscribeToPlan.sessionId));
  expect(sessions.size).toBe(1);
  const again = await t.gql(SUBSCRIBE, { p: p.id }, { token: m.token });
  expect(again.data!.subscribeToPlan).toEqual(answers[0].data!.subscribeToPlan);
  // Every tab's Pay pays the one checkout: once.
  const paid: number[] = [];
  for (const a of answers) paid.push((await payTestLink(t, a.data!.subscribeToPlan.url)).status);
  expect(paid).toEqual([303, 409, 409]);
  expect((await t.gql(`{ myMemberships { id } }`, {}, { token: m.token })).data?.myMemberships).toHaveLength(1);
  expect((await t.gql(SUBSCRIBE, { p: p.id }, { token: m.token })).errors?.[0].extensions?.code).toBe('CONFLICT');
});

it('a membership bought online tells every admin, once, as a new order does', async () => {
  const admin = await makeUser(t, { role: Role.admin });
  const p = await plan({ name: 'Eight a month', priceCents: 9600 });
  const m = await makeUser(t, { signed: true, firstName: 'Nia', lastName: 'Okafor' });
  const { url } = (await t.gql(SUBSCRIBE, { p: p.id }, { token: m.token })).data!.subscribeToPlan;
  expect((await payTestLink(t, url)).status).toBe(303);
  const told = await em(t).find(Notification, { user: admin.user.id, title: 'New membership' });
  expect(told.map((n) => [n.message, n.link])).toEqual([
    ['Nia Okafor started the Eight a month membership ($96.00 a month).', '/admin/memberships'],
  ]);
  expect(await em(t).count(Notification, { user: m.user.id, title: 'New membership' })).toBe(0);
});

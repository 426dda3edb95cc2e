import { startTestApp, type TestApp } from '../../../test/app.js';
import { em, makeUser, Role } from '../../../test/factories.js';
import { Notification } from '../notifications/notification.entity.js';
import { FEEDBACK_QUOTA } from './feedback.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const SUBMIT = `mutation($input: FeedbackInput!) { submitFeedback(input: $input) { id } }`;

it('refuses an anonymous visitor', async () => {
  const res = await t.gql(SUBMIT, { input: { message: 'Hello' } });
  expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
});

it('throttles a burst from one member with RATE_LIMITED and the seconds to wait, and tells the admins only the allowed ones', async () => {
  const admin = await makeUser(t, { role: Role.admin });
  const member = await makeUser(t);
  const other = await makeUser(t);
  const burst = await Promise.all(
    Array.from({ length: 20 }, (_, i) => t.gql(SUBMIT, { input: { message: `Message ${i}` } }, { token: member.token })),
  );
  const accepted = burst.filter((r) => r.data?.submitFeedback?.id);
  const refused = burst.filter((r) => r.errors?.length);
  expect(accepted).toHaveLength(FEEDBACK_QUOTA.points);
  expect(refused).toHaveLength(20 - FEEDBACK_QUOTA.points);
  for (const r of refused) {
    expect(r.status).toBe(200);
    expect(r.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    expect(r.errors?.[0].message).toMatch(/Please wait \d+ minutes? before sending more/);
    expect(r.errors?.[0].extensions?.retryAfterSeconds).toBeGreaterThan(0);
    expect(r.errors?.[0].extensions?.retryAfterSeconds).toBeLessThanOrEqual(FEEDBACK_QUOTA.windowSeconds);
  }
  const notices = await em(t).count(Notification, { user: admin.user.id, title: { $like: 'New feedback%' } });
  expect(notices).toBe(FEEDBACK_QUOTA.points);
  // The quota is per member: another member is not held back.
  expect((await t.gql(SUBMIT, { input: { message: 'Hi' } }, { token: other.token })).data?.submitFeedback?.id).toBeTruthy();
});

it('answers the REST facade with 429 once over the quota', async () => {
  const member = await makeUser(t);
  const post = () =>
    fetch(`${t.url}/api/feedback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${member.token}` },
      body: JSON.stringify({ message: 'The mats are great' }),
    });
  for (let i = 0; i < FEEDBACK_QUOTA.points; i++) expect((await post()).status).toBeLessThan(300);
  const res = await post();
  expect(res.status).toBe(429);
});

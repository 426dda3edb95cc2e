import { startTestApp, type TestApp } from '../../../test/app.js';
import { makeClass } from '../../../test/classes.js';
import { eventually } from '../../../test/eventually.js';
import { em, makeFamilyMember, makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { makeProduct, payTestLink } from '../../../test/shop.js';
import { collect, wsClient } from '../../../test/ws.js';
import { OutboxEmail } from '../email/outbox-email.entity.js';
import { User } from '../users/user.entity.js';
import { Notification, NotificationAudience, NotificationType } from './notification.entity.js';
import type { NotificationData } from './notification.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PAYMENTS_TEST_PROVIDER: '1', PUBLIC_URL: 'http://studio.test' });
});
afterAll(() => t.close());

async function call(method: string, path: string, token?: string) {
  const res = await fetch(`${t.url}/api${path}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json };
}

/** A notification for `user`, as another module would create it (outside a transaction: flushed at once). */
async function notify(user: User, data: Partial<NotificationData> = {}): Promise<Notification> {
  const e = em(t);
  const recipient = await e.findOneOrFail(User, { id: user.id });
  const made = await t.app.services.notifications.add(e, recipient, {
    type: NotificationType.other,
    title: 'Hello',
    message: 'A message',
    ...data,
  });
  return made!;
}

const FIELDS = { id: expect.any(String), type: 'other', title: 'Hello', message: 'A message', isRead: false, link: null };
const COUNTS = `query($feed: NotificationFeed!) { notificationCounts(feed: $feed) { unreadCount total } }`;
const CHANGES = (feed: string) =>
  `subscription { notificationChanged(feed: ${feed}) { kind notification { id title isRead } counts { unreadCount total } } }`;

describe('REST: the user feed', () => {
  const paths = [
    ['GET', '/user/notifications'],
    ['PATCH', '/user/notifications/read-all'],
    ['PATCH', '/user/notifications/00000000-0000-4000-8000-000000000000/read'],
    ['DELETE', '/user/notifications'],
  ] as const;

  it.each(paths)('%s %s answers 401 signed out', async (method, path) => {
    expect(await call(method, path)).toMatchObject({ status: 401, text: 'Please sign in to continue.' });
  });

  it.each(paths)('%s %s answers 403 to an admin (admins use the admin paths)', async (method, path) => {
    const admin = await makeUser(t, { role: Role.admin });
    expect(await call(method, path, admin.token)).toMatchObject({
      status: 403,
      text: 'Admins read their notifications in the admin feed (/api/notifications).',
    });
  });

  it('GET answers your notifications newest first, with the spec fields; never anyone else’s', async () => {
    const member = await makeUser(t);
    const other = await makeUser(t);
    await notify(member.user, { title: 'First' });
    await notify(other.user, { title: 'Not yours' });
    await notify(member.user, { title: 'Second', type: NotificationType.class_reminder, link: '/classes' });
    const res = await call('GET', '/user/notifications', member.token);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { ...FIELDS, title: 'Second', type: 'class_reminder', link: '/classes', createdAt: expect.any(String) },
      { ...FIELDS, title: 'First', createdAt: expect.any(String) },
    ]);
    expect(new Date(res.json[0].createdAt).getTime()).toBeGreaterThanOrEqual(new Date(res.json[1].createdAt).getTime());
  });

  it('GET filters by ?type= and ?unread=true and pages with ?page=&pageSize=; bad parameters are 400', async () => {
    const member = await makeUser(t);
    const read = await notify(member.user, { title: 'Read one', type: NotificationType.checkout });
    await call('PATCH', `/user/notifications/${read.id}/read`, member.token);
    for (const title of ['A', 'B', 'C']) await notify(member.user, { title });
    const titles = async (query: string) =>
      ((await call('GET', `/user/notifications${query}`, member.token)).json as { title: string }[]).map((n) => n.title);
    expect(await titles('?type=checkout')).toEqual(['Read one']);
    expect(await titles('?unread=true')).toEqual(['C', 'B', 'A']);
    expect(await titles('?page=2&pageSize=2')).toEqual(['A', 'Read one']);
    expect(await call('GET', '/user/notifications?pageSize=500', member.token)).toMatchObject({
      status: 400,
      text: 'pageSize: Page size can be at most 100.',
    });
    expect(await call('GET', '/user/notifications?type=spam', member.token)).toMatchObject({ status: 400, text: 'type is not valid.' });
    expect(await call('GET', '/user/notifications?page=first', member.token)).toMatchObject({
      status: 400,
      text: 'page must be a whole number.',
    });
    expect(await call('GET', '/user/notifications?unread=maybe', member.token)).toMatchObject({
      status: 400,
      text: 'unreadOnly must be true or false.',
    });
  });

  it('PATCH {id}/read answers the notification read; another user’s is 404, a malformed id 400', async () => {
    const member = await makeUser(t);
    const other = await makeUser(t);
    const mine = await notify(member.user);
    const theirs = await notify(other.user);
    const res = await call('PATCH', `/user/notifications/${mine.id}/read`, member.token);
    expect(res).toMatchObject({ status: 200, json: { ...FIELDS, id: mine.id, isRead: true } });
    expect(await call('PATCH', `/user/notifications/${mine.id}/read`, member.token)).toMatchObject({ status: 200 });
    expect(await call('PATCH', `/user/notifications/${theirs.id}/read`, member.token)).toMatchObject({
      status: 404,
      text: 'That notification was not found.',
    });
    expect((await em(t).findOneOrFail(Notification, { id: theirs.id })).isRead).toBe(false);
    expect((await call('PATCH', '/user/notifications/not-an-id/read', member.token)).status).toBe(400);
  });

  it('PATCH read-all answers the counts; DELETE clears with 204; others’ notifications stay', async () => {
    const member = await makeUser(t);
    const other = await makeUser(t);
    await notify(member.user);
    await notify(member.user);
    await notify(other.user);
    expect(await call('PATCH', '/user/notifications/read-all', member.token)).toMatchObject({
      status: 200,
      json: { unreadCount: 0, total: 2 },
    });
    expect((await call('GET', '/user/notifications?unread=true', member.token)).json).toEqual([]);
    expect(await call('DELETE', '/user/notifications', member.token)).toMatchObject({ status: 204, text: '' });
    expect((await call('GET', '/user/notifications', member.token)).json).toEqual([]);
    expect((await call('GET', '/user/notifications', other.token)).json).toHaveLength(1);
    expect((await call('GET', '/user/notifications?unread=true', other.token)).json).toHaveLength(1);
  });
});

describe('REST: the admin feed', () => {
  const paths = [
    ['GET', '/notifications'],
    ['PATCH', '/notifications/read-all'],
    ['PATCH', '/notifications/00000000-0000-4000-8000-000000000000/read'],
    ['DELETE', '/notifications/all'],
  ] as const;

  it.each(paths)('%s %s answers 401 signed out', async (method, path) => {
    expect((await call(method, path)).status).toBe(401);
  });

  it.each(paths)('%s %s answers 403 to everyone but admins', async (method, path) => {
    for (const role of [Role.student, Role.parent, Role.instructor, Role.teacher]) {
      const someone = await makeUser(t, { role });
      expect(await call(method, path, someone.token)).toMatchObject({ status: 403, text: 'The studio notification feed is for admins.' });
    }
  });

  it('is studio-wide (each admin their own copy) plus the admin’s own; read one, read all, clear all', async () => {
    const admin = await makeUser(t, { role: Role.admin });
    const otherAdmin = await makeUser(t, { role: Role.admin });
    const [copy] = (
      await t.app.services.notifications.notifyAdmins(em(t), { type: NotificationType.other, title: 'Low stock', message: 'Tees: 2 left' })
    ).filter((n) => n.user.id === admin.user.id);
    await notify(admin.user, { title: 'Your class', type: NotificationType.class_reminder });
    const feed = await call('GET', '/notifications', admin.token);
    expect(feed.status).toBe(200);
    expect(feed.json.slice(0, 2).map((n: { title: string }) => n.title)).toEqual(['Your class', 'Low stock']);

    expect(await call('PATCH', `/notifications/${copy.id}/read`, admin.token)).toMatchObject({
      status: 200,
      json: { id: copy.id, isRead: true },
    });
    // Each admin reads their own copy.
    const theirs = (await call('GET', '/notifications', otherAdmin.token)).json.find((n: { title: string }) => n.title === 'Low stock');
    expect(theirs.isRead).toBe(false);
    expect(await call('PATCH', `/notifications/${theirs.id}/read`, admin.token)).toMatchObject({ status: 404 });

    expect(await call('PATCH', '/notifications/read-all', admin.token)).toMatchObject({ status: 200, json: { unreadCount: 0 } });
    expect(await call('DELETE', '/notifications/all', admin.token)).toMatchObject({ status: 204 });
    expect((await call('GET', '/notifications', admin.token)).json).toEqual([]);
    expect((await call('GET', '/notifications', otherAdmin.token)).json.length).toBeGreaterThan(0);
  });
});

describe('the admin feed is told of', () => {
  let admin: MadeUser;
  beforeAll(async () => {
    admin = await makeUser(t, { role: Role.admin });
  });
  const adminFeed = async () =>
    (await call('GET', '/notifications', admin.token)).json as { type: string; title: string; message: string; link: string | null }[];

  it('new sign-ups (not to members)', async () => {
    const res = await t.gql(
      `mutation($input: RegisterInput!) { register(input: $input) { token } }`,
      {
        input: {
          firstName: 'Nova',
          lastName: 'Sky',
          username: 'nova_sky',
          email: 'nova@example.test',
          password: 'Trapeze-at-dawn-42',
          birthday: '1990-04-02',
          isParentOrGuardian: true,
        },
      },
      { headers: { 'x-forwarded-for': '10.9.0.1' } },
    );
    expect(res.errors).toBeUndefined();
    expect(await adminFeed()).toContainEqual(
      expect.objectContaining({
        type: 'other',
        title: 'New sign-up',
        message: 'Nova Sky (nova_sky) created a parent account.',
        link: '/admin/students',
      }),
    );
    const member = await makeUser(t);
    expect(await em(t).count(Notification, { user: member.user.id })).toBe(0);
  });

  it('feedback', async () => {
    const member = await makeUser(t, { firstName: 'Remy', lastName: 'Lane' });
    await t.gql(
      `mutation { submitFeedback(input: { message: "More lyra please", category: feature }) { id } }`,
      {},
      { token: member.token },
    );
    expect(await adminFeed()).toContainEqual(
      expect.objectContaining({ type: 'other', title: 'New feedback (feature)', message: 'Remy Lane wrote: “More lyra please”' }),
    );
  });

  it('checkouts: an order paid is a checkout in the admin feed and payment_success for the member, linked to it', async () => {
    const member = await makeUser(t, { firstName: 'Ola', lastName: 'Paid' });
    const product = await makeProduct(t, { priceCents: 1200 });
    await t.gql(`mutation($p: ID!) { addProductToCart(productId: $p, quantity: 1) { id } }`, { p: product.id }, { token: member.token });
    const { sessionId, url } = (await t.gql(`mutation { createCheckoutSession { sessionId url } }`, {}, { token: member.token })).data!
      .createCheckoutSession;
    await payTestLink(t, url);
    expect(await adminFeed()).toContainEqual(
      expect.objectContaining({
        type: 'checkout',
        title: 'New order paid',
        message: `Ola Paid paid $12.00 for ${product.name}.`,
        link: '/admin/stripe',
      }),
    );
    expect((await call('GET', '/user/notifications', member.token)).json).toContainEqual(
      expect.objectContaining({ type: 'payment_success', link: `/payment-success?session_id=${sessionId}` }),
    );
  });
});

describe('bookings notify', () => {
  it('a held paid spot (checkout, to the cart’s owner) and a confirmed one (to the guardian of a child), linked to the class', async () => {
    const parent = await makeUser(t, { role: Role.parent, signed: true });
    const kid = await makeFamilyMember(t, parent.user, 8, 'Ivy');
    await t.app.services.waivers.sign(em(t), parent.user, [kid.id], { ip: null, userAgent: 'test' });
    const paid = await makeClass(t, { priceCents: 2000 });
    const free = await makeClass(t);
    const BOOK = `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { status } } }`;
    expect((await t.gql(BOOK, { c: paid.id, a: parent.user.id }, { token: parent.token })).data?.bookClass.booking.status).toBe('held');
    expect((await t.gql(BOOK, { c: free.id, a: kid.id }, { token: parent.token })).data?.bookClass.booking.status).toBe('confirmed');
    const feed = (await call('GET', '/user/notifications', parent.token)).json;
    expect(feed).toEqual([
      expect.objectContaining({
        type: 'other',
        title: 'Booking confirmed',
        message: expect.stringContaining(`Ivy ${parent.user.lastName} is booked into ${free.blueprint.name}`),
        link: `/classes?class=${free.id}&date=${free.date}`,
      }),
      expect.objectContaining({
        type: 'checkout',
        title: 'Spot held in your cart',
        message: expect.stringMatching(/Check out before then to keep it\.$/),
        link: `/classes?class=${paid.id}&date=${paid.date}`,
      }),
    ]);
  });
});

describe('the live feed (graphql-ws)', () => {
  it('refuses anonymous subscribers and the other role’s feed', async () => {
    const anonymous = wsClient(t.url);
    const refused = collect(anonymous, CHANGES('user'));
    expect((await refused.next()).errors).toEqual([
      expect.objectContaining({ extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) }),
    ]);
    await anonymous.dispose();
    const member = await makeUser(t);
    const client = wsClient(t.url, member.token);
    const adminFeed = collect(client, CHANGES('admin'));
    expect((await adminFeed.next()).errors).toEqual([
      expect.objectContaining({
        message: 'The studio notification feed is for admins.',
        extensions: expect.objectContaining({ code: 'FORBIDDEN' }),
      }),
    ]);
    await client.dispose();
  });

  it('starts with the counts, then every tab of the user gets a new notification; another user gets nothing', async () => {
    const member = await makeUser(t);
    const other = await makeUser(t);
    await notify(member.user, { title: 'Before' });
    const tabs = [wsClient(t.url, member.token), wsClient(t.url, member.token)];
    const subs = tabs.map((c) => collect(c, CHANGES('user')));
    const otherClient = wsClient(t.url, other.token);
    const otherSub = collect(otherClient, CHANGES('user'));
    for (const sub of subs)
      expect((await sub.next()).data.notificationChanged).toEqual({
        kind: 'resync',
        notification: null,
        counts: { unreadCount: 1, total: 1 },
      });
    await otherSub.next();

    const started = Date.now();
    const added = await notify(member.user, { title: 'Live one' });
    for (const sub of subs)
      expect((await sub.next(1000)).data.notificationChanged).toEqual({
        kind: 'added',
        notification: { id: added.id, title: 'Live one', isRead: false },
        counts: { unreadCount: 2, total: 2 },
      });
    expect(Date.now() - started).toBeLessThan(1000);

    // Reads and clears from another tab (REST here) reach every tab.
    await call('PATCH', `/user/notifications/${added.id}/read`, member.token);
    for (const sub of subs)
      expect((await sub.next()).data.notificationChanged).toMatchObject({
        kind: 'read',
        notification: { id: added.id, isRead: true },
        counts: { unreadCount: 1 },
      });
    await call('PATCH', '/user/notifications/read-all', member.token);
    for (const sub of subs)
      expect((await sub.next()).data.notificationChanged).toEqual({
        kind: 'all_read',
        notification: null,
        counts: { unreadCount: 0, total: 2 },
      });
    await call('DELETE', '/user/notifications', member.token);
    for (const sub of subs)
      expect((await sub.next()).data.notificationChanged).toEqual({
        kind: 'cleared',
        notification: null,
        counts: { unreadCount: 0, total: 0 },
      });

    await new Promise((r) => setTimeout(r, 300));
    expect(otherSub.results).toHaveLength(1); // its own start, nothing else
    for (const c of [...tabs, otherClient]) await c.dispose();
  });

  it('re-reads each event with the subscriber’s own rules: an event naming someone else’s notification sends nothing', async () => {
    const member = await makeUser(t);
    const victim = await makeUser(t);
    const secret = await notify(victim.user, { title: 'Secret' });
    const client = wsClient(t.url, member.token);
    const sub = collect(client, CHANGES('user'));
    await sub.next();
    // As if an event on the member's key named the victim's notification.
    t.app.services.pubsub.publish('NOTIFICATIONS_CHANGED', member.user.id, { kind: 'added', notificationId: secret.id });
    await notify(member.user, { title: 'Mine' });
    expect((await sub.next()).data.notificationChanged.notification.title).toBe('Mine');
    expect(sub.results).toHaveLength(2);
    await client.dispose();
  });

  it('an admin’s feed gets the studio-wide notifications live', async () => {
    const admin = await makeUser(t, { role: Role.admin });
    const client = wsClient(t.url, admin.token);
    const sub = collect(client, CHANGES('admin'));
    await sub.next();
    await t.app.services.notifications.notifyAdmins(em(t), { type: NotificationType.other, title: 'Webhook failed', message: 'x' });
    expect((await sub.next()).data.notificationChanged).toMatchObject({ kind: 'added', notification: { title: 'Webhook failed' } });
    const stored = await em(t).findOneOrFail(Notification, { user: admin.user.id, title: 'Webhook failed' });
    expect(stored.audience).toBe(NotificationAudience.studio);
    await client.dispose();
  });

  it('checks the viewer again on every event: a deactivated user stops receiving (UNAUTHENTICATED, then the end)', async () => {
    const member = await makeUser(t);
    const client = wsClient(t.url, member.token);
    const sub = collect(client, CHANGES('user'));
    await sub.next();
    await em(t).nativeUpdate(User, { id: member.user.id }, { isActive: false });
    await notify(member.user, { title: 'Too late' });
    const refused = await sub.next();
    expect(refused.errors).toEqual([expect.objectContaining({ extensions: expect.objectContaining({ code: 'UNAUTHENTICATED' }) })]);
    expect(refused.data).toBeNull();
    await notify(member.user, { title: 'Still too late' });
    await new Promise((r) => setTimeout(r, 300));
    expect(sub.results).toHaveLength(2);
    await client.dispose();
  });
});

describe('email preferences', () => {
  it('start empty; a chosen type also comes by email through the outbox, others do not', async () => {
    const member = await makeUser(t);
    const PREFS = `{ notificationPreferences { emailTypes } }`;
    expect((await t.gql(PREFS, {}, { token: member.token })).data?.notificationPreferences).toEqual({ emailTypes: [] });
    const set = await t.gql(
      `mutation($types: [NotificationType!]!) { updateNotificationPreferences(emailTypes: $types) { emailTypes } }`,
      { types: ['other', 'class_reminder', 'class_reminder'] },
      { token: member.token },
    );
    expect(set.data?.updateNotificationPreferences).toEqual({ emailTypes: ['class_reminder', 'other'] });
    expect((await t.gql(PREFS, {}, { token: member.token })).data?.notificationPreferences).toEqual({
      emailTypes: ['class_reminder', 'other'],
    });

    await notify(member.user, { type: NotificationType.class_reminder, title: 'Class tomorrow', message: 'Lyra at 10', link: '/classes' });
    await notify(member.user, { type: NotificationType.checkout, title: 'Spot held' });
    const emails = await em(t).find(OutboxEmail, { to: member.user.email! });
    expect(emails.map((e) => [e.kind, e.subject])).toEqual([['notification:class_reminder', 'Class tomorrow']]);
    expect(emails[0].text).toContain('Lyra at 10');
    expect(emails[0].text).toContain('http://studio.test/classes');
    // Delivered by the queue (held in the outbox here: no SMTP).
    await eventually(async () => expect((await em(t).findOneOrFail(OutboxEmail, { id: emails[0].id })).status).toBe('held'), 15000);
  });

  it('are refused signed out', async () => {
    expect((await t.gql(`{ notificationPreferences { emailTypes } }`)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('GraphQL', () => {
  it('notificationCounts and notifications page by the feed', async () => {
    const member = await makeUser(t);
    for (let i = 0; i < 7; i++) await notify(member.user, { title: `N${i}` });
    expect((await t.gql(COUNTS, { feed: 'user' }, { token: member.token })).data?.notificationCounts).toEqual({ unreadCount: 7, total: 7 });
    const page = await t.gql(
      `{ notifications(feed: user, pageSize: 5) { total page pageSize items { title } } }`,
      {},
      { token: member.token },
    );
    expect(page.data?.notifications).toEqual({
      total: 7,
      page: 1,
      pageSize: 5,
      items: ['N6', 'N5', 'N4', 'N3', 'N2'].map((title) => ({ title })),
    });
    expect((await t.gql(COUNTS, { feed: 'admin' }, { token: member.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });
});

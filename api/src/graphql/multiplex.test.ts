import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { eventually } from '../../test/eventually.js';
import { startTestApp, type TestApp } from '../../test/app.js';
import { makeUser } from '../../test/factories.js';
import { collect, wsClient } from '../../test/ws.js';
import { NotificationType } from '../modules/notifications/notification.entity.js';
import { User } from '../modules/users/user.entity.js';
import { WS_RESYNC } from './multiplex.js';
import type { SpotsChangedEvent } from '../modules/bookings/booking.topics.js';

/** Equal public subscriptions share one execution and one serialized result; slow sockets are dropped. */
let t: TestApp;
beforeAll(async () => {
  // A small bound (256 kB), so a stalled client passes it quickly.
  t = await startTestApp({ WS_MAX_BUFFERED_BYTES: String(256 * 1024) });
});
afterAll(() => t.close());

const SPOTS = `subscription($ids: [ID!]) { spotsChanged(classInstanceIds: $ids) { classInstanceId spotsLeft takenRigPointIds } }`;
const NOTIFICATIONS = `subscription { notificationChanged(feed: user) { kind notification { title } } }`;
const live = () => t.app.server.live.stats();
const spots = (classInstanceId: string, spotsLeft: number, takenRigPointIds: string[] = []): SpotsChangedEvent => ({
  classInstanceId,
  spotsLeft,
  waitlistLength: 0,
  status: 'scheduled',
  takenRigPointIds,
});

it('groups equal subscriptions by document and variables, executes once per group and sends only what each asked for', async () => {
  const [x, y] = [randomUUID(), randomUUID()];
  const member = await makeUser(t);
  const before = live();
  // Two anonymous viewers and one signed-in viewer of class x (public data: one group), one viewer of class y.
  const clients = [wsClient(t.url), wsClient(t.url), wsClient(t.url, member.token), wsClient(t.url)];
  const subs = clients.map((c, i) => {
    const query = { query: SPOTS, variables: { ids: [i === 3 ? y : x] } };
    const results: any[] = [];
    c.subscribe(query, { next: (r) => results.push(r), error: () => undefined, complete: () => undefined });
    return results;
  });
  await eventually(async () => expect(live()).toMatchObject({ groups: before.groups + 2, subscribers: before.subscribers + 4 }));

  t.app.services.pubsub.publish('SPOTS_CHANGED', spots(x, 7));
  await eventually(async () => expect(subs.slice(0, 3).every((r) => r.length === 1)).toBe(true));
  for (const results of subs.slice(0, 3))
    expect(results[0]).toEqual({ data: { spotsChanged: { classInstanceId: x, spotsLeft: 7, takenRigPointIds: [] } } });
  // The event was for class x: the group of class y executed (its filter said no) but sent nothing.
  await new Promise((r) => setTimeout(r, 200));
  expect(subs[3]).toEqual([]);
  expect(live().executions - before.executions).toBe(1);

  t.app.services.pubsub.publish('SPOTS_CHANGED', spots(y, 3));
  await eventually(async () => expect(subs[3]).toHaveLength(1));
  expect(subs[3][0].data.spotsChanged.spotsLeft).toBe(3);
  expect(subs[0]).toHaveLength(1);

  await Promise.all(clients.map((c) => c.dispose()));
  // The last subscriber of a group leaving ends the group.
  await eventually(async () => expect(live()).toMatchObject({ groups: before.groups, subscribers: before.subscribers }));
});

it('never shares a per-viewer subscription: each user hears only their own notifications, outside any group', async () => {
  const [a, b] = [await makeUser(t), await makeUser(t)];
  const before = live();
  const [ca, cb] = [wsClient(t.url, a.token), wsClient(t.url, b.token)];
  const [sa, sb] = [collect(ca, NOTIFICATIONS), collect(cb, NOTIFICATIONS)];
  expect((await sa.next()).data.notificationChanged.kind).toBe('resync');
  expect((await sb.next()).data.notificationChanged.kind).toBe('resync');
  expect(live()).toMatchObject({ groups: before.groups, subscribers: before.subscribers });

  const em = t.app.services.orm.em.fork();
  await t.app.services.notifications.add(em, await em.findOneOrFail(User, { id: a.user.id }), {
    type: NotificationType.other,
    title: 'For A',
    message: 'Only for A',
  });
  expect((await sa.next()).data.notificationChanged).toEqual({ kind: 'added', notification: { title: 'For A' } });
  await new Promise((r) => setTimeout(r, 300));
  expect(sb.results).toHaveLength(1);
  await Promise.all([ca.dispose(), cb.dispose()]);
});

it('disconnects a client that stops reading with 4413 and keeps delivering to the rest of its group', async () => {
  const classId = randomUUID();
  const fast = wsClient(t.url);
  const received: any[] = [];
  fast.subscribe(
    { query: SPOTS, variables: { ids: [classId] } },
    { next: (r) => received.push(r), error: () => undefined, complete: () => undefined },
  );

  // A client that subscribes, then stops reading its socket.
  const slow = new WebSocket(t.url.replace(/^http/, 'ws') + '/graphql', 'graphql-transport-ws');
  const closed = new Promise<number>((resolve) => slow.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve) => {
    slow.on('open', () => slow.send(JSON.stringify({ type: 'connection_init', payload: {} })));
    slow.on('message', (data) => {
      if (!String(data).includes('connection_ack')) return;
      slow.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: SPOTS, variables: { ids: [classId] } } }));
      resolve();
    });
  });
  await eventually(async () => expect(live().subscribers).toBeGreaterThanOrEqual(2));
  const before = live().subscribers;
  slow.pause();

  // Large events (published locally: NOTIFY would cap them at 8 kB) until the kernel's buffers are full.
  const big = Array.from({ length: 2000 }, () => randomUUID()); // ~76 kB a frame
  const events = 200;
  for (let i = 1; i <= events; i += 1) {
    t.app.services.pubsub.publishLocally('SPOTS_CHANGED', spots(classId, i, big));
    await new Promise((r) => setTimeout(r, 5)); // a pace a client that reads keeps up with
  }
  // The fast client got every event, in order, although the slow one stalled.
  await eventually(async () => expect(received).toHaveLength(events), 20000);
  expect(received.map((r) => r.data.spotsChanged.spotsLeft)).toEqual(Array.from({ length: events }, (_, i) => i + 1));
  expect(live().subscribers).toBe(before - 1);
  // Once it reads again, the slow client finds the close code that tells it to reconnect and resync.
  slow.resume();
  expect(await closed).toBe(WS_RESYNC);
  await fast.dispose();
}, 40000);

it('keeps delivering to everyone when one stalled subscriber of the topic cannot queue more', async () => {
  // A stream that listens and is never read again: past 1,024 queued events it refuses more (it throws).
  const stalled = t.app.services.pubsub.subscribe('SPOTS_CHANGED');
  void stalled.next();
  const classId = randomUUID();
  const client = wsClient(t.url);
  const received: any[] = [];
  client.subscribe(
    { query: SPOTS, variables: { ids: [classId] } },
    { next: (r) => received.push(r), error: () => undefined, complete: () => undefined },
  );
  await eventually(async () => expect(live().subscribers).toBeGreaterThanOrEqual(1));
  // Until the group listens: warm-up events (spotsLeft 0) until one arrives.
  await eventually(async () => {
    t.app.services.pubsub.publishLocally('SPOTS_CHANGED', spots(classId, 0));
    await new Promise((r) => setTimeout(r, 50));
    expect(received.length).toBeGreaterThan(0);
  });
  await new Promise((r) => setTimeout(r, 100));
  received.length = 0;
  const events = 1100;
  for (let i = 1; i <= events; i += 1) {
    t.app.services.pubsub.publishLocally('SPOTS_CHANGED', spots(classId, i));
    if (i % 50 === 0) await new Promise((r) => setTimeout(r, 20)); // the group keeps up; the stalled stream does not
  }
  await eventually(async () => expect(received).toHaveLength(events), 20000);
  await stalled.return?.();
  await client.dispose();
}, 30000);

it('a group whose queue overflows (more than 1,024 events in one tick) closes its subscribers with 4413: they resync, nothing is dropped unnoticed', async () => {
  const classId = randomUUID();
  const socket = new WebSocket(t.url.replace(/^http/, 'ws') + '/graphql', 'graphql-transport-ws');
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  const received: number[] = [];
  await new Promise<void>((resolve) => {
    socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: {} })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (message.type === 'connection_ack') {
        socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: SPOTS, variables: { ids: [classId] } } }));
        resolve();
      } else if (message.type === 'next') received.push(message.payload.data.spotsChanged.spotsLeft);
    });
  });
  // Until the group listens: warm-up events (spotsLeft 0) until one arrives.
  await eventually(async () => {
    t.app.services.pubsub.publishLocally('SPOTS_CHANGED', spots(classId, 0));
    await new Promise((r) => setTimeout(r, 50));
    expect(received.length).toBeGreaterThan(0);
  });
  received.length = 0;
  for (let i = 1; i <= 1100; i += 1) t.app.services.pubsub.publishLocally('SPOTS_CHANGED', spots(classId, i));
  expect(await closed).toBe(WS_RESYNC);
  // What it got before the close came in order; the rest it reads again after reconnecting.
  expect(received).toEqual(Array.from({ length: received.length }, (_, i) => i + 1));
  await eventually(async () => expect(live().groups).toBe(0));
}, 30000);

it('a per-viewer feed whose client stops reading is closed with 4413 once its queue is full, so it resyncs', async () => {
  const member = await makeUser(t);
  const em = t.app.services.orm.em.fork();
  await t.app.services.notifications.add(em, await em.findOneOrFail(User, { id: member.user.id }), {
    type: NotificationType.other,
    title: 'Big',
    message: 'x'.repeat(100_000), // ~100 kB a frame, so the kernel's buffers fill after a few dozen
  });
  const [{ id: notificationId }] = await em.getConnection().execute(`select id from notification where user_id = ?`, [member.user.id]);
  const slow = new WebSocket(t.url.replace(/^http/, 'ws') + '/graphql', 'graphql-transport-ws');
  const closed = new Promise<number>((resolve) => slow.on('close', (code) => resolve(code)));
  const BIG = `subscription { notificationChanged(feed: user) { kind notification { title message } } }`;
  await new Promise<void>((resolve) => {
    slow.on('open', () => slow.send(JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${member.token}` } })));
    slow.on('message', (data) => {
      const text = String(data);
      if (text.includes('connection_ack')) slow.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: BIG } }));
      if (text.includes('resync')) resolve();
    });
  });
  slow.pause();
  // The same event again and again: the kernel's buffers fill, graphql-ws waits for its writes, and the feed's
  // queue of events fills up behind it (1,024) — then the client is told to resync at once.
  for (let i = 0; i < 1200; i += 1) {
    t.app.services.pubsub.publishLocally('NOTIFICATIONS_CHANGED', member.user.id, { kind: 'added', notificationId });
    if (i % 100 === 0) await new Promise((r) => setTimeout(r, 50));
  }
  slow.resume();
  expect(await closed).toBe(WS_RESYNC);
}, 40000);

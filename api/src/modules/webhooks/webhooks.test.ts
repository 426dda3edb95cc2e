import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Webhook } from 'standardwebhooks';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { eventually } from '../../../test/eventually.js';
import { birthdayForAge, buildMembershipPlan, em, makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { startReceiver, type TestReceiver } from '../../../test/webhook-receiver.js';
import { isPublicAddress } from './network-guard.js';
import { WebhookSender } from './webhook-sender.js';

/**
 * Outgoing webhooks against a real receiver on loopback (so private networks are allowed here, as the setting is for
 * tests and on-premise receivers), with a timeout short enough to test.
 */
let t: TestApp;
let receiver: TestReceiver;
let admin: MadeUser;
beforeAll(async () => {
  t = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: '1', WEBHOOKS_TIMEOUT_MS: '500', REGISTRATIONS_PER_IP_PER_HOUR: '1000' });
  receiver = await startReceiver();
  admin = await makeUser(t, { role: Role.admin });
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

const ENDPOINT = 'id url description eventTypes enabled disabledAt disabledReason failingSince previousSecretUntil';
const CREATE = `mutation($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret endpoint { ${ENDPOINT} } } }`;
const DELIVERIES = `query($id: ID!, $first: Int, $after: String) { webhookDeliveries(endpointId: $id, first: $first, after: $after) {
  endCursor hasNextPage nodes { id messageId type state attempts body attemptLog { status durationMs response error } } } }`;

async function gql(query: string, variables: Record<string, unknown> = {}, token = admin.token) {
  const res = await t.gql(query, variables, { token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!;
}

/** A fresh path on the receiver and an endpoint for it. */
async function endpointFor(eventTypes: string[], path = `/hook-${randomBytes(4).toString('hex')}`) {
  const made = (await gql(CREATE, { input: { url: `${receiver.url}${path}`, description: 'test', eventTypes } })).createWebhookEndpoint;
  return { path, secret: made.secret as string, endpoint: made.endpoint as { id: string; url: string } };
}

/** A real sign-up (member.created through the outbox); answers the new member's id. */
async function signUp(): Promise<string> {
  const name = randomBytes(4).toString('hex');
  const res = await t.gql(`mutation($i: RegisterInput!) { register(input: $i) { user { id } } }`, {
    i: {
      firstName: 'Hook',
      lastName: 'Test',
      birthday: birthdayForAge(30),
      email: `hook${name}@example.test`,
      username: `hook${name}`,
      password: 'a-long-enough-passphrase',
    },
  });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!.register.user.id as string;
}

/** An order.refunded announced in a transaction, as the refund service does. */
async function announceRefund(orderId = randomUUID()): Promise<string> {
  await em(t).transactional((tx) =>
    t.app.services.events.emit(tx, 'order.refunded', {
      orderId,
      ownerId: null,
      amountCents: 500,
      refundedCents: 500,
      totalCents: 1000,
      fullyRefunded: false,
    }),
  );
  return orderId;
}

const deliveriesOf = async (endpointId: string) => (await gql(DELIVERIES, { id: endpointId, first: 100 })).webhookDeliveries.nodes;
/**
 * Makes an endpoint's waiting deliveries due and runs the queue's work here (the queue's own worker may take them
 * first: callers wait for the outcome with eventually).
 */
async function dueNow(endpointId: string) {
  await sql(`update webhook_delivery set next_at = now() where endpoint_id = ? and state = 'pending'`, [endpointId]);
  await t.app.services.webhooks.sendDue();
}
const sql = (query: string, params: unknown[] = []) => em(t).getConnection().execute<Record<string, any>[]>(query, params);

describe('who may', () => {
  const FIELDS: [string, Record<string, unknown>][] = [
    ['query { webhookEndpoints { id } }', {}],
    [CREATE, { input: { url: 'https://example.com/h', eventTypes: ['order.paid'] } }],
    ['mutation($id: ID!) { updateWebhookEndpoint(id: $id, input: { enabled: false }) { id } }', { id: randomUUID() }],
    ['mutation($id: ID!) { rotateWebhookSecret(id: $id) { secret } }', { id: randomUUID() }],
    ['mutation($id: ID!) { deleteWebhookEndpoint(id: $id) }', { id: randomUUID() }],
    ['query($id: ID!) { webhookDeliveries(endpointId: $id) { hasNextPage } }', { id: randomUUID() }],
    ['mutation($id: ID!) { replayWebhookDelivery(id: $id) { id } }', { id: randomUUID() }],
    ['mutation($id: ID!) { sendTestWebhook(endpointId: $id) { id } }', { id: randomUUID() }],
  ];

  it('refuses every field to visitors (UNAUTHENTICATED) and to every other role (FORBIDDEN)', async () => {
    const others = await Promise.all([Role.student, Role.parent, Role.instructor, Role.teacher].map((role) => makeUser(t, { role })));
    for (const [query, variables] of FIELDS) {
      expect((await t.gql(query, variables)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      for (const other of others)
        expect((await t.gql(query, variables, { token: other.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
  });
});

describe('registering', () => {
  const refusal = async (input: Record<string, unknown>, app = t, token = admin.token) => {
    const res = await app.gql(CREATE, { input: { eventTypes: ['order.paid'], ...input } }, { token });
    return {
      status: res.status,
      code: res.errors?.[0].extensions?.code,
      fields: res.errors?.[0].extensions?.fields as Record<string, string>,
    };
  };

  it('refuses bad addresses, event types, NUL bytes and huge strings as BAD_USER_INPUT with a message per field', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ url: 'not a url' }, 'url', /full address/],
      [{ url: 'ftp://example.com/h' }, 'url', /https/],
      [{ url: 'https://user:pw@example.com/h' }, 'url', /user name and password/],
      [{ url: `https://example.com/${'a'.repeat(2000)}` }, 'url', /2000 characters/],
      [{ url: '' }, 'url', /Enter the address/],
      [{ url: 'https://example.com/h', eventTypes: [] }, 'eventTypes', /at least one/],
      [{ url: 'https://example.com/h', eventTypes: ['order.stolen'] }, 'eventTypes', /from the list/],
      [{ url: 'https://example.com/h', eventTypes: ['order.paid', 'order.paid'] }, 'eventTypes', /once/],
      [{ url: 'https://example.com/h', description: 'x'.repeat(501) }, 'description', /500/],
    ];
    for (const [input, field, message] of cases) {
      // GraphQL over HTTP answers a resolver's refusal with 200 and the code (the REST facade maps it to 400).
      const got = await refusal(input);
      expect([got.status, got.code]).toEqual([200, 'BAD_USER_INPUT']);
      expect(got.fields?.[field]).toMatch(message);
    }
    for (const url of ['https://example.com/\u0000h', `https://example.com/${'a'.repeat(30_000)}`]) {
      // Checked before any resolver runs (every argument's text), refused the same way.
      const got = await refusal({ url });
      expect([got.status, got.code]).toEqual([200, 'BAD_USER_INPUT']);
    }
    expect((await gql('query { webhookEndpoints { url } }')).webhookEndpoints.map((e: { url: string }) => e.url)).not.toContain(
      'https://example.com/h',
    );
  });

  it('refuses private, loopback and link-local addresses when the setting is off', async () => {
    const strict = await startTestApp({}, t.databaseUrl);
    try {
      for (const url of [
        'http://127.0.0.1:8080/h',
        'http://localhost/h',
        'http://LOCALHOST./h',
        'http://10.1.2.3/h',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/h',
        'http://[::ffff:127.0.0.1]/h',
        'http://[fd00::1]/h',
        'http://0.0.0.0/h',
        'http://2130706433/h', // 127.0.0.1 as one number
        'http://100.64.0.1/h',
      ]) {
        const got = await refusal({ url }, strict);
        expect([url, got.status, got.code, got.fields?.url]).toEqual([
          url,
          200,
          'BAD_USER_INPUT',
          expect.stringMatching(/private network/),
        ]);
      }
      expect((await refusal({ url: 'https://hooks.example.com/studio' }, strict)).code).toBeUndefined();
    } finally {
      await strict.close();
    }
  });

  it('shows the secret once, as whsec_ + base64, and never in the endpoint', async () => {
    const { secret, endpoint } = await endpointFor(['order.paid']);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(JSON.stringify(await gql('query { webhookEndpoints { id url eventTypes } }'))).not.toContain(secret.slice(6));
    expect(JSON.stringify(endpoint)).not.toContain(secret.slice(6));
  });
});

describe('delivering', () => {
  it('sends a committed event once, signed as the Standard Webhooks library verifies, and logs the attempt', async () => {
    const { path, secret, endpoint } = await endpointFor(['member.created', 'order.paid']);
    const userId = await signUp();
    await eventually(async () => expect(receiver.at(path)).toHaveLength(1));
    const [hit] = receiver.at(path);
    const verified = new Webhook(secret).verify(hit.body, hit.headers) as { type: string; timestamp: string; data: { userId: string } };
    expect(verified.type).toBe('member.created');
    expect(verified.data.userId).toBe(userId);
    expect(new Date(verified.timestamp).getTime()).toBeLessThanOrEqual(Date.now());
    expect(hit.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(hit.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(Math.abs(Number(hit.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    // A tampered body or another secret does not verify.
    expect(() => new Webhook(secret).verify(hit.body.replace(userId, randomUUID()), hit.headers)).toThrow();
    expect(() => new Webhook(`whsec_${randomBytes(32).toString('base64')}`).verify(hit.body, hit.headers)).toThrow();

    // Never twice after a success: more runs of the queue send nothing.
    for (let i = 0; i < 3; i++) await t.app.services.webhooks.sendDue();
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.at(path)).toHaveLength(1);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery).toMatchObject({ type: 'member.created', state: 'succeeded', attempts: 1, messageId: hit.headers['webhook-id'] });
    expect(delivery.attemptLog).toEqual([{ status: 200, durationMs: expect.any(Number), response: 'ok', error: null }]);
    expect(JSON.parse(delivery.body)).toEqual(verified);
    // Only the events it subscribed to.
    await announceRefund();
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.at(path)).toHaveLength(1);
  });

  it('sends membership.changed when an admin comps a membership and ends it', async () => {
    const { path, secret } = await endpointFor(['membership.changed']);
    const member = await makeUser(t);
    const plan = await buildMembershipPlan(t);
    const comped = await gql('mutation($u: ID!, $p: ID!) { compMembership(userId: $u, planId: $p) { id } }', {
      u: member.user.id,
      p: plan.id,
    });
    const id = comped.compMembership.id as string;
    await eventually(async () => expect(receiver.at(path)).toHaveLength(1));
    await gql('mutation($id: ID!) { cancelMembershipNow(id: $id) { id } }', { id });
    await eventually(async () => expect(receiver.at(path)).toHaveLength(2));
    const events = receiver
      .at(path)
      .map((hit) => new Webhook(secret).verify(hit.body, hit.headers) as { type: string; data: Record<string, unknown> });
    expect(events.map((e) => [e.type, e.data.status, e.data.previousStatus])).toEqual([
      ['membership.changed', 'active', null],
      ['membership.changed', 'canceled', 'active'],
    ]);
    expect(events[0].data).toMatchObject({
      membershipId: id,
      holderId: member.user.id,
      planId: plan.id,
      comp: true,
      cancelAtPeriodEnd: false,
    });
  });

  it('retries a 500 on the schedule (5 s later) with the same id and body, and honours Retry-After', async () => {
    const { path, secret, endpoint } = await endpointFor(['order.refunded']);
    receiver.answer(path, (_req, count, res) => {
      if (count === 1) return void res.writeHead(500).end('database down');
      if (count === 2) return void res.writeHead(503, { 'retry-after': '120' }).end('busy');
      res.writeHead(204).end();
    });
    await announceRefund();
    await eventually(async () => expect(receiver.at(path)).toHaveLength(2), 12_000);
    const [first, second] = receiver.at(path);
    expect(second.at - first.at).toBeGreaterThanOrEqual(4500);
    expect(second.headers['webhook-id']).toBe(first.headers['webhook-id']);
    expect(second.body).toBe(first.body);
    for (const hit of [first, second]) new Webhook(secret).verify(hit.body, hit.headers);
    await eventually(async () => {
      const [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery.attemptLog.map((a: { status: number }) => a.status)).toEqual([500, 503]);
    });
    const [row] = await sql(`select state, extract(epoch from next_at - now()) as wait from webhook_delivery where endpoint_id = ?`, [
      endpoint.id,
    ]);
    expect(row.state).toBe('pending');
    expect(Number(row.wait)).toBeGreaterThan(100); // Retry-After: 120 beats the schedule's 5 minutes? no: the later of the two
    expect(Number(row.wait)).toBeLessThanOrEqual(300);
    const [endpointRow] = await sql(`select failing_since from webhook_endpoint where id = ?`, [endpoint.id]);
    expect(endpointRow.failing_since).not.toBeNull();
    // Its time comes: the third attempt succeeds, and the endpoint is no longer failing.
    await dueNow(endpoint.id);
    await eventually(async () => expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ state: 'succeeded', attempts: 3 }));
    expect(receiver.at(path)).toHaveLength(3);
    const [after] = await sql(`select failing_since from webhook_endpoint where id = ?`, [endpoint.id]);
    expect(after.failing_since).toBeNull();
  });

  it('retries a receiver that does not answer within the timeout', async () => {
    const { path, endpoint } = await endpointFor(['order.refunded']);
    receiver.answer(path, async (_req, count, res) => {
      if (count === 1) await new Promise((r) => setTimeout(r, 1500));
      res.writeHead(200).end('late but fine');
    });
    await announceRefund();
    await eventually(async () => {
      const [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery.attemptLog).toEqual([
        { status: null, durationMs: expect.any(Number), response: '', error: 'No answer within 0.5 s' },
      ]);
      expect(delivery.attemptLog[0].durationMs).toBeLessThan(1400);
    });
    await eventually(async () => expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ state: 'succeeded', attempts: 2 }), 12_000);
  });

  it('gives up and disables the endpoint on 410 Gone, telling the admins', async () => {
    const { path, endpoint } = await endpointFor(['order.refunded']);
    receiver.answer(path, (_req, _count, res) => void res.writeHead(410).end('gone'));
    await announceRefund();
    await eventually(async () => {
      const [row] = await gql('query { webhookEndpoints { id enabled disabledReason } }').then((d) =>
        d.webhookEndpoints.filter((e: { id: string }) => e.id === endpoint.id),
      );
      expect(row).toMatchObject({ enabled: false, disabledReason: 'The receiver answered 410 Gone' });
    });
    expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ state: 'failed', attempts: 1 });
    const notices = await sql(`select message from notification where user_id = ? and title = 'A webhook endpoint was disabled'`, [
      admin.user.id,
    ]);
    expect(notices.map((n) => n.message)).toContain(
      `${endpoint.url}: The receiver answered 410 Gone. Its deliveries wait; enable it on the Webhooks page to send them.`,
    );
    // Disabled: new events are not delivered to it, and a test event is refused.
    await announceRefund();
    await new Promise((r) => setTimeout(r, 1500));
    expect(receiver.at(path)).toHaveLength(1);
    const test = await t.gql('mutation($id: ID!) { sendTestWebhook(endpointId: $id) { id } }', { id: endpoint.id }, { token: admin.token });
    expect(test.errors?.[0].extensions?.code).toBe('CONFLICT');
  });

  it('disables an endpoint failing for 5 days', async () => {
    const { path, endpoint } = await endpointFor(['order.refunded']);
    receiver.answer(path, (_req, _count, res) => void res.writeHead(502).end());
    await sql(`update webhook_endpoint set failing_since = now() - interval '4 days 23 hours' where id = ?`, [endpoint.id]);
    await announceRefund();
    // The first attempt recorded (not only claimed: a claim counts the attempt before the answer is in).
    await eventually(async () => expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ state: 'pending', attempts: 1 }));
    expect((await sql(`select enabled from webhook_endpoint where id = ?`, [endpoint.id]))[0].enabled).toBe(true);
    await sql(`update webhook_endpoint set failing_since = now() - interval '5 days 1 minute' where id = ?`, [endpoint.id]);
    await dueNow(endpoint.id);
    await eventually(async () => {
      const [row] = await sql(`select enabled, disabled_reason from webhook_endpoint where id = ?`, [endpoint.id]);
      expect(row).toEqual({ enabled: false, disabled_reason: 'Every delivery failed for 5 days' });
      expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ state: 'pending', attempts: 2 });
    });
    // Enabled again, it starts afresh and its waiting delivery goes out.
    receiver.answer(path, (_req, _count, res) => void res.writeHead(200).end());
    await gql('mutation($id: ID!) { updateWebhookEndpoint(id: $id, input: { enabled: true }) { id } }', { id: endpoint.id });
    await dueNow(endpoint.id);
    await eventually(async () => expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ state: 'succeeded', attempts: 3 }));
  });

  it('gives a delivery up after its last scheduled attempt', async () => {
    const { path, endpoint } = await endpointFor(['order.refunded']);
    receiver.answer(path, (_req, _count, res) => void res.writeHead(500).end());
    await announceRefund();
    await eventually(async () => expect((await deliveriesOf(endpoint.id))[0].attempts).toBe(1));
    for (let i = 2; i <= 10; i++) {
      await dueNow(endpoint.id);
      await eventually(async () =>
        expect(
          await sql(`select 1 from webhook_attempt a join webhook_delivery d on d.id = a.delivery_id where d.endpoint_id = ?`, [
            endpoint.id,
          ]),
        ).toHaveLength(i),
      );
    }
    await eventually(async () => expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ state: 'failed', attempts: 10 }));
    await sql(`update webhook_delivery set next_at = now() where endpoint_id = ?`, [endpoint.id]);
    await t.app.services.webhooks.sendDue();
    await new Promise((r) => setTimeout(r, 1000));
    expect(receiver.at(path)).toHaveLength(10);
  });

  it('does not follow a redirect (so it cannot lead to a private address)', async () => {
    const { path, endpoint } = await endpointFor(['order.refunded']);
    const target = `/target-${randomBytes(3).toString('hex')}`;
    receiver.answer(path, (_req, _count, res) => void res.writeHead(302, { location: `http://127.0.0.1:1${target}` }).end());
    receiver.answer(target, (_req, _count, res) => void res.writeHead(200).end());
    await announceRefund();
    await eventually(async () =>
      expect((await deliveriesOf(endpoint.id))[0].attemptLog).toEqual([
        { status: 302, durationMs: expect.any(Number), response: '', error: `Redirects are not followed (to http://127.0.0.1:1${target})` },
      ]),
    );
    expect(receiver.at(target)).toHaveLength(0);
    expect((await deliveriesOf(endpoint.id))[0].state).toBe('pending');
  });

  it('signs with both secrets during a rotation’s overlap, each verifying alone', async () => {
    const { path, secret: oldSecret, endpoint } = await endpointFor(['order.refunded']);
    const rotated = (
      await gql('mutation($id: ID!) { rotateWebhookSecret(id: $id) { secret endpoint { previousSecretUntil } } }', { id: endpoint.id })
    ).rotateWebhookSecret;
    expect(rotated.secret).not.toBe(oldSecret);
    expect(new Date(rotated.endpoint.previousSecretUntil).getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    await announceRefund();
    await eventually(async () => expect(receiver.at(path)).toHaveLength(1));
    const [hit] = receiver.at(path);
    expect(hit.headers['webhook-signature'].split(' ')).toHaveLength(2);
    new Webhook(rotated.secret).verify(hit.body, hit.headers);
    new Webhook(oldSecret).verify(hit.body, hit.headers);
    // Without an overlap, only the new secret signs.
    const again = (await gql('mutation($id: ID!) { rotateWebhookSecret(id: $id, overlapHours: 0) { secret } }', { id: endpoint.id }))
      .rotateWebhookSecret;
    await announceRefund();
    await eventually(async () => expect(receiver.at(path)).toHaveLength(2));
    const second = receiver.at(path)[1];
    expect(second.headers['webhook-signature'].split(' ')).toHaveLength(1);
    new Webhook(again.secret).verify(second.body, second.headers);
    expect(() => new Webhook(rotated.secret).verify(second.body, second.headers)).toThrow();
  });

  it('sends a test event, replays a delivery with the same id, and pages the log', async () => {
    const { path, secret, endpoint } = await endpointFor(['order.refunded']);
    const test = (await gql('mutation($id: ID!) { sendTestWebhook(endpointId: $id) { id type } }', { id: endpoint.id })).sendTestWebhook;
    expect(test.type).toBe('webhook.test');
    await eventually(async () => expect(receiver.at(path)).toHaveLength(1));
    const body = new Webhook(secret).verify(receiver.at(path)[0].body, receiver.at(path)[0].headers) as { type: string };
    expect(body.type).toBe('webhook.test');
    // The receiver has the request before the sender records its answer: until then a replay is refused (sending).
    await eventually(async () => {
      const { nodes } = (await gql(DELIVERIES, { id: endpoint.id })).webhookDeliveries;
      expect(nodes.find((n: { id: string }) => n.id === test.id)?.state).toBe('succeeded');
    });
    await gql('mutation($id: ID!) { replayWebhookDelivery(id: $id) { id state } }', { id: test.id });
    await eventually(async () => expect(receiver.at(path)).toHaveLength(2));
    expect(receiver.at(path)[1].headers['webhook-id']).toBe(receiver.at(path)[0].headers['webhook-id']);
    for (let i = 0; i < 3; i++) await announceRefund();
    await eventually(async () => expect(receiver.at(path)).toHaveLength(5));
    const page1 = (await gql(DELIVERIES, { id: endpoint.id, first: 3 })).webhookDeliveries;
    const page2 = (await gql(DELIVERIES, { id: endpoint.id, first: 3, after: page1.endCursor })).webhookDeliveries;
    expect([page1.nodes.length, page1.hasNextPage, page2.nodes.length, page2.hasNextPage]).toEqual([3, true, 1, false]);
    expect(new Set([...page1.nodes, ...page2.nodes].map((n: { id: string }) => n.id)).size).toBe(4);
    const bad = await t.gql(DELIVERIES, { id: endpoint.id, after: 'nonsense' }, { token: admin.token });
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const tooMany = await t.gql(DELIVERIES, { id: endpoint.id, first: 101 }, { token: admin.token });
    expect(tooMany.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const unknown = await t.gql(
      'mutation($id: ID!) { replayWebhookDelivery(id: $id) { id } }',
      { id: randomUUID() },
      { token: admin.token },
    );
    expect(unknown.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('lists endpoints with their last delivery, updates and deletes them', async () => {
    const { endpoint } = await endpointFor(['order.refunded']);
    await announceRefund();
    await eventually(async () => {
      const list = (await gql('query { webhookEndpoints { id lastDelivery { state type } } }')).webhookEndpoints;
      expect(list.find((e: { id: string }) => e.id === endpoint.id).lastDelivery).toEqual({ state: 'succeeded', type: 'order.refunded' });
    });
    const updated = (
      await gql(
        'mutation($id: ID!, $input: WebhookEndpointChange!) { updateWebhookEndpoint(id: $id, input: $input) { eventTypes description enabled disabledReason } }',
        {
          id: endpoint.id,
          input: { eventTypes: ['order.paid', 'booking.created'], description: 'Accounting', enabled: false },
        },
      )
    ).updateWebhookEndpoint;
    expect(updated).toEqual({
      eventTypes: ['booking.created', 'order.paid'],
      description: 'Accounting',
      enabled: false,
      disabledReason: 'Disabled by an admin',
    });
    expect((await gql('mutation($id: ID!) { deleteWebhookEndpoint(id: $id) }', { id: endpoint.id })).deleteWebhookEndpoint).toBe(true);
    expect(await sql(`select 1 from webhook_delivery where endpoint_id = ?`, [endpoint.id])).toHaveLength(0);
  });
});

describe('a sender that dies mid-delivery', () => {
  it('never sends a recorded success again, and sends once more what it posted but did not record', async () => {
    const { path, endpoint } = await endpointFor(['order.refunded']);
    await announceRefund();
    await eventually(async () => expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ state: 'succeeded' }));
    expect(receiver.at(path)).toHaveLength(1);
    // A sender that died after recording the success: even with its lease long over, nothing is due.
    await sql(`update webhook_delivery set lease_until = now() - interval '1 hour', next_at = now() where endpoint_id = ?`, [endpoint.id]);
    await t.app.services.webhooks.sendDue();
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.at(path)).toHaveLength(1);

    // A sender that dies after the POST and before recording its answer: the delivery stays claimed ('sending').
    const dispatcher = t.app.services.webhooks.dispatcher as unknown as { recordAnswers: (...args: unknown[]) => Promise<void> };
    const record = jest.spyOn(dispatcher, 'recordAnswers').mockRejectedValue(new Error('the process died here'));
    const crashedPath = `/crash-${randomBytes(3).toString('hex')}`;
    const crashed = await endpointFor(['order.paid'], crashedPath);
    try {
      await em(t).transactional((tx) =>
        t.app.services.events.emit(tx, 'order.paid', {
          orderId: randomUUID(),
          ownerId: null,
          totalCents: 100,
          channel: 'online',
          lines: [],
        } as never),
      );
      await eventually(async () => expect(receiver.at(crashedPath)).toHaveLength(1));
      await eventually(async () => expect(record).toHaveBeenCalled());
    } finally {
      record.mockRestore();
    }
    const [held] = await sql(`select state, attempts from webhook_delivery where endpoint_id = ?`, [crashed.endpoint.id]);
    expect(held).toMatchObject({ state: 'sending', attempts: 1 });
    // Its lease ends: the next run sends it again, once, with the same webhook-id, and records the success.
    await sql(`update webhook_delivery set lease_until = now() - interval '1 second' where endpoint_id = ?`, [crashed.endpoint.id]);
    await t.app.services.webhooks.sendDue();
    await eventually(async () => expect((await deliveriesOf(crashed.endpoint.id))[0]).toMatchObject({ state: 'succeeded', attempts: 2 }));
    const hits = receiver.at(crashedPath);
    expect(hits).toHaveLength(2);
    expect(hits[1].headers['webhook-id']).toBe(hits[0].headers['webhook-id']);
    for (const hit of hits) new Webhook(crashed.secret).verify(hit.body, hit.headers);
    await t.app.services.webhooks.sendDue();
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.at(crashedPath)).toHaveLength(2);
  });
});

describe('a body over 20 KB', () => {
  it('is never sent: the delivery fails at once, its attempt saying why', async () => {
    const { path, endpoint } = await endpointFor(['order.paid']);
    const lines = Array.from({ length: 40 }, (_, i) => ({ name: `line ${i} ${'x'.repeat(600)}`, quantity: 1, priceCents: 100 }));
    await em(t).transactional((tx) =>
      t.app.services.events.emit(tx, 'order.paid', {
        orderId: randomUUID(),
        ownerId: null,
        totalCents: 4000,
        channel: 'online',
        lines,
      } as never),
    );
    await eventually(async () => expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ state: 'failed', attempts: 1 }));
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery.attemptLog[0]).toMatchObject({ status: null, error: expect.stringMatching(/bytes: at most 20479 are sent/) });
    expect(receiver.at(path)).toHaveLength(0);
  });
});

describe('a restart between commit and send', () => {
  it('loses nothing: the next process sends what the stopped one committed', async () => {
    const first = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: '1' });
    const boss = await makeUser(first, { role: Role.admin });
    const path = `/restart-${randomBytes(3).toString('hex')}`;
    const made = await first.gql(
      CREATE,
      { input: { url: `${receiver.url}${path}`, eventTypes: ['order.refunded'] } },
      { token: boss.token },
    );
    const secret = made.data!.createWebhookEndpoint.secret as string;
    await em(first).transactional((tx) =>
      first.app.services.events.emit(tx, 'order.refunded', {
        orderId: randomUUID(),
        ownerId: null,
        amountCents: 1,
        refundedCents: 1,
        totalCents: 1,
        fullyRefunded: true,
      }),
    );
    await first.app.stop(); // committed, delivery written, its job queued a second ahead: nothing sent yet
    expect(receiver.at(path)).toHaveLength(0);
    const second = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: '1' }, first.databaseUrl);
    try {
      await eventually(async () => expect(receiver.at(path)).toHaveLength(1), 15_000);
      new Webhook(secret).verify(receiver.at(path)[0].body, receiver.at(path)[0].headers);
      await new Promise((r) => setTimeout(r, 1500));
      expect(receiver.at(path)).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});

describe('private networks refused when sending (the setting off)', () => {
  const webhook = (url: string) => ({
    url,
    messageId: 'msg_x',
    body: '{"type":"webhook.test"}',
    secrets: [`whsec_${randomBytes(32).toString('base64')}`],
  });

  it('refuses loopback by address and by a name resolving to it, and sends nothing', async () => {
    const path = `/never-${randomBytes(3).toString('hex')}`;
    const port = new URL(receiver.url).port;
    const sender = new WebhookSender({
      allowPrivateNetworks: false,
      timeoutMs: 2000,
      // A resolver as DNS would answer for a name an attacker points at loopback.
      resolve: async (host) =>
        host === 'inside.example.test'
          ? [{ address: '127.0.0.1', family: 4 }]
          : [
              { address: '93.184.215.14', family: 4 },
              { address: '10.0.0.7', family: 4 },
            ],
    });
    try {
      for (const [url, error] of [
        [`http://127.0.0.1:${port}${path}`, '127.0.0.1 is not a public address: webhooks are not sent there'],
        [`http://[::ffff:127.0.0.1]:${port}${path}`, '::ffff:7f00:1 is not a public address: webhooks are not sent there'],
        [`http://[::1]:${port}${path}`, '::1 is not a public address: webhooks are not sent there'],
        [
          `http://inside.example.test:${port}${path}`,
          'inside.example.test resolves to 127.0.0.1, which is not a public address: webhooks are not sent there',
        ],
        [
          `http://mixed.example.test:${port}${path}`,
          'mixed.example.test resolves to 10.0.0.7, which is not a public address: webhooks are not sent there',
        ],
      ]) {
        const answer = await sender.send(webhook(url));
        expect([url, answer.status, answer.error]).toEqual([url, null, error]);
      }
      // The system resolver: localhost.
      const system = new WebhookSender({ allowPrivateNetworks: false, timeoutMs: 2000 });
      const answer = await system.send(webhook(`http://localhost:${port}${path}`));
      system.close();
      expect(answer.error).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), which is not a public address/);
      expect(receiver.at(path)).toHaveLength(0);
    } finally {
      sender.close();
    }
  });

  it('records the refusal as a failed attempt when an endpoint points inside', async () => {
    // A database of its own: the main app (private networks allowed) must not take its deliveries.
    const strict = await startTestApp();
    try {
      const path = `/inside-${randomBytes(3).toString('hex')}`;
      // Registered while it was allowed (or a name whose DNS changed since).
      const [row] = await em(strict)
        .getConnection()
        .execute(
          `insert into webhook_endpoint (id, url, event_types, secret) values (gen_random_uuid(), ?, '{order.refunded}', ?) returning id`,
          [`${receiver.url}${path}`, `whsec_${randomBytes(32).toString('base64')}`],
        );
      // Made outside this process, so read as its background read would within 2 s.
      await strict.app.services.webhooks.subscribed.read();
      await em(strict).transactional((tx) =>
        strict.app.services.events.emit(tx, 'order.refunded', {
          orderId: randomUUID(),
          ownerId: null,
          amountCents: 1,
          refundedCents: 1,
          totalCents: 1,
          fullyRefunded: true,
        }),
      );
      await strict.app.services.webhooks.sendDue();
      await eventually(async () => {
        const [attempt] = await em(strict)
          .getConnection()
          .execute(
            `select a.status, a.error from webhook_attempt a join webhook_delivery d on d.id = a.delivery_id where d.endpoint_id = ?`,
            [row.id],
          );
        expect(attempt).toEqual({ status: null, error: '127.0.0.1 is not a public address: webhooks are not sent there' });
      });
      expect(receiver.at(path)).toHaveLength(0);
      await em(strict).getConnection().execute(`delete from webhook_endpoint where id = ?`, [row.id]);
    } finally {
      await strict.close();
    }
  });

  it('tells public addresses from every kind of non-public one', () => {
    for (const a of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '1.1.1.1']) expect([a, isPublicAddress(a)]).toEqual([a, true]);
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      '::ffff:8.8.8.8',
      'fe80::1',
      'fc00::1',
      'fd12::1',
      'ff02::1',
      '64:ff9b::a00:1',
      'not-an-ip',
    ])
      expect([a, isPublicAddress(a)]).toEqual([a, false]);
  });
});

describe('the example receiver (examples/integration/webhook-receiver.mjs)', () => {
  it('verifies a delivery with the library, handles each webhook-id once and refuses a forged one', async () => {
    const { secret, endpoint } = await endpointFor(['order.refunded'], '/placeholder');
    const script = path.resolve(__dirname, '../../../../examples/integration/webhook-receiver.mjs');
    const child = spawn(process.execPath, [script], { env: { ...process.env, WEBHOOK_SECRET: secret, PORT: '0' } });
    const lines: string[] = [];
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => lines.push(...chunk.split('\n').filter(Boolean)));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
          const found = /listening on (\S+)/.exec(chunk);
          if (found) resolve(found[1]);
        });
        child.once('exit', () => reject(new Error('the example receiver exited')));
      });
      await gql('mutation($id: ID!, $url: String!) { updateWebhookEndpoint(id: $id, input: { url: $url }) { id } }', {
        id: endpoint.id,
        url,
      });
      const test = (await gql('mutation($id: ID!) { sendTestWebhook(endpointId: $id) { id } }', { id: endpoint.id })).sendTestWebhook;
      await eventually(async () => expect(lines).toHaveLength(1));
      expect(JSON.parse(lines[0])).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });
      await eventually(async () => expect((await deliveriesOf(endpoint.id))[0]).toMatchObject({ state: 'succeeded' }));
      // A replay (same webhook-id) is answered 204 but handled once.
      await gql('mutation($id: ID!) { replayWebhookDelivery(id: $id) { id } }', { id: test.id });
      await eventually(async () => expect((await deliveriesOf(endpoint.id))[0].attemptLog).toHaveLength(2));
      expect((await deliveriesOf(endpoint.id))[0].attemptLog.map((a: { status: number }) => a.status)).toEqual([204, 204]);
      expect(lines).toHaveLength(1);
      // A body signed with another secret is refused.
      const body = '{"type":"order.refunded","timestamp":"2026-01-01T00:00:00.000Z","data":{}}';
      const forged = WebhookSender.headers({ messageId: 'msg_forged', body, secrets: [`whsec_${randomBytes(32).toString('base64')}`] });
      const res = await fetch(url, { method: 'POST', headers: forged, body });
      expect(res.status).toBe(400);
      expect(lines).toHaveLength(1);
    } finally {
      child.kill();
    }
  });
});

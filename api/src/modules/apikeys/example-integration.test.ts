import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { eventually } from '../../../test/eventually.js';
import { makeClass, makeUser, Role } from '../../../test/factories.js';

/**
 * The example integration (examples/integration) as a third party runs it: built with its own tsconfig, started as
 * its own process against a real API over real HTTP and a real WebSocket, with a real key an admin made and a
 * webhook endpoint it receives on loopback.
 */
const EXAMPLE = path.resolve(__dirname, '../../../../examples/integration');
const SCOPES = ['schedule:read', 'members:read', 'members:pii', 'bookings:read', 'bookings:write'];
let t: TestApp;
beforeAll(async () => {
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', EXAMPLE], { stdio: 'inherit' });
  t = await startTestApp({ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: '1' });
}, 60_000);
afterAll(() => t.close());

/** A loopback port free now (the receiver's endpoint is registered before it starts). */
const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

async function adminGql(token: string, query: string, variables: Record<string, unknown>) {
  const res = await t.gql(query, variables, { token });
  if (res.errors) throw new Error(JSON.stringify(res.errors));
  return res.data!;
}

it('reads the week, follows seat counts, books a member and verifies the webhook', async () => {
  const admin = await makeUser(t, { role: Role.admin });
  const member = await makeUser(t, { signed: true, firstName: 'Example', lastName: 'Flyer' });
  const cls = await makeClass(t, { capacity: 8, startsInMinutes: 120 });
  const { secret: key } = (
    await adminGql(admin.token, `mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }`, {
      input: { name: 'Example Integration', scopes: SCOPES },
    })
  ).createApiKey;
  const port = await freePort();
  const { secret: webhookSecret } = (
    await adminGql(admin.token, `mutation($input: WebhookEndpointInput!) { createWebhookEndpoint(input: $input) { secret } }`, {
      input: { url: `http://127.0.0.1:${port}/webhooks`, description: 'example', eventTypes: ['booking.created'] },
    })
  ).createWebhookEndpoint;

  const child: ChildProcess = spawn(process.execPath, [path.join(EXAMPLE, 'dist/src/integration.js')], {
    env: {
      PATH: process.env.PATH,
      STUDIO_URL: t.url,
      STUDIO_KEY: key,
      MEMBER_SEARCH: member.user.lastName,
      WEBHOOK_SECRET: webhookSecret,
      PORT: String(port),
      STUDIO_TIME_ZONE: t.app.services.env.STUDIO_TIME_ZONE,
    },
  });
  const lines: Record<string, any>[] = [];
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) =>
    lines.push(
      ...chunk
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l)),
    ),
  );
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const step = (name: string) => lines.filter((l) => l.step === name);
  try {
    await eventually(
      async () => expect([step('booked').length, step('webhook').length, step('seats').length, stderr]).toEqual([1, 1, 1, '']),
      15_000,
    );

    const [schedule] = step('schedule');
    expect(schedule.classes).toContainEqual(expect.objectContaining({ id: cls.id, spotsLeft: 8 }));
    expect(schedule.cost).toMatchObject({ requestedQueryCost: expect.any(Number), throttleStatus: { maximumAvailable: 1000 } });
    expect(step('member')[0]).toMatchObject({ id: member.user.id, name: 'Example Flyer' });
    const [booked] = step('booked');
    expect(booked).toMatchObject({
      classInstanceId: cls.id,
      status: 'confirmed',
      bookedBy: expect.stringContaining('Example Integration'),
    });
    expect(booked.cost.actualQueryCost).toBeGreaterThan(0);
    // The seat count arrived over the WebSocket, the webhook verified with the endpoint's secret.
    expect(step('seats')[0]).toMatchObject({ classInstanceId: cls.id, spotsLeft: 7 });
    expect(step('webhook')[0]).toMatchObject({
      id: expect.stringMatching(/^msg_/),
      type: 'booking.created',
      data: { bookingId: booked.bookingId, classInstanceId: cls.id, attendeeId: member.user.id },
    });
  } finally {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
  }
});

import os from 'node:os';
import { loadEnv } from '../../env.js';
import { providerMode } from './payment-provider.js';
import { startTestApp, type TestApp } from '../../../test/app.js';
import { em, makeUser } from '../../../test/factories.js';
import { makeProduct } from '../../../test/shop.js';
import { Notification, NotificationType } from '../notifications/notification.entity.js';
import { ProductVariant } from '../products/product.entity.js';
import { Order } from './order.entity.js';
import { NOT_SET_UP_MESSAGE } from './payment-provider.js';
import { TEST_LINK_MISSING } from './test-checkout.page.js';
import { TEST_PAYMENT_LINK_REFUSAL } from './payments.routes.js';

const CHECKOUT = `mutation { createCheckoutSession { url sessionId } }`;
const ADD = `mutation($productId: ID!) { addProductToCart(productId: $productId, quantity: 1) { id } }`;

describe('the built-in test provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PAYMENTS_TEST_PROVIDER: '1', PUBLIC_URL: 'http://studio.test' });
  });
  afterAll(() => t.close());
  /** A link the app handed out (on PUBLIC_URL), opened on the test server. */
  const local = (url: string) => url.replace('http://studio.test', t.url);
  /** The Pay form's address on a test payment page. */
  const payAction = (html: string) =>
    `${t.url}${/<form method="post" action="([^"]+\/pay\?token=[^"]+)"/.exec(html)![1].replace(/&amp;/g, '&')}`;

  it('checkout goes to "Test payment — no card is charged"; Pay runs the same fulfilment through a signed event', async () => {
    const member = await makeUser(t);
    const product = await makeProduct(t, { priceCents: 1400 });
    await t.gql(ADD, { productId: product.id }, { token: member.token });
    const { url, sessionId } = (await t.gql(CHECKOUT, {}, { token: member.token })).data!.createCheckoutSession;
    expect(url).toMatch(new RegExp(`^http://studio\\.test/api/stripe/test-checkout/${sessionId}\\?token=[\\w-]{43}$`));
    const link = local(url);
    const page = await fetch(link);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Test payment — no card is charged');
    expect(html).toContain(`1 × ${product.name}`);
    expect(html).toMatch(/<button class="pay" type="submit">Pay \$14\.00<\/button>/);
    expect(html).toContain('>Cancel</button>');

    const cancel = await fetch(`${t.url}/api/stripe/test-checkout/${sessionId}/cancel`, { method: 'POST', redirect: 'manual' });
    expect([cancel.status, cancel.headers.get('location')]).toEqual([303, 'http://studio.test/dashboard?checkout=cancelled']);
    expect(await em(t).count(Order, { owner: member.user.id })).toBe(0);

    const pay = await fetch(payAction(html), { method: 'POST', redirect: 'manual' });
    expect([pay.status, pay.headers.get('location')]).toEqual([303, `http://studio.test/payment-success?session_id=${sessionId}`]);
    expect(await em(t).count(Order, { owner: member.user.id })).toBe(1);
    expect(await em(t).count(Notification, { user: member.user.id, type: NotificationType.payment_success })).toBe(1);
    // Paying twice changes nothing; the page says it is done.
    const again = await fetch(payAction(html), { method: 'POST', redirect: 'manual' });
    expect([again.status, await again.text()]).toEqual([409, expect.stringContaining('This payment is complete.')]);
    expect(await em(t).count(Order, { owner: member.user.id })).toBe(1);
    expect(await (await fetch(link)).text()).toContain('This payment is complete.');
  });

  it('a member on another address of the app (a LAN address) pays there and comes back there, not to PUBLIC_URL', async () => {
    const member = await makeUser(t);
    const product = await makeProduct(t, { priceCents: 900 });
    await t.gql(ADD, { productId: product.id }, { token: member.token });
    // A cross-origin caller does not choose where the member returns: PUBLIC_URL it is.
    const foreign = await t.gql(CHECKOUT, {}, { token: member.token, headers: { origin: 'https://evil.example' } });
    expect(foreign.data!.createCheckoutSession.url).toMatch(/^http:\/\/studio\.test\//);
    await t.gql(ADD, { productId: (await makeProduct(t)).id }, { token: member.token }); // a new cart: a new session
    const { url, sessionId } = (await t.gql(CHECKOUT, {}, { token: member.token, headers: { origin: t.url } })).data!.createCheckoutSession;
    expect(url.startsWith(`${t.url}/api/stripe/test-checkout/${sessionId}?token=`)).toBe(true);
    const html = await (await fetch(url)).text();
    const pay = await fetch(payAction(html), { method: 'POST', redirect: 'manual', headers: { origin: t.url } });
    expect([pay.status, pay.headers.get('location')]).toEqual([303, `${t.url}/payment-success?session_id=${sessionId}`]);
  });

  it('expiring a session sends a signed checkout.session.expired that returns the stock', async () => {
    const member = await makeUser(t);
    const product = await makeProduct(t, { stock: 3 });
    await t.gql(ADD, { productId: product.id }, { token: member.token });
    const { sessionId } = (await t.gql(CHECKOUT, {}, { token: member.token })).data!.createCheckoutSession;
    const variant = await em(t).findOneOrFail(ProductVariant, { product: product.id });
    expect(await t.app.services.products.stockOf(em(t), variant.id)).toBe(2);
    await t.app.services.payments.provider!.expireCheckoutSession(sessionId);
    expect(await t.app.services.products.stockOf(em(t), variant.id)).toBe(3);
  });

  it('unknown sessions are 404', async () => {
    expect((await fetch(`${t.url}/api/stripe/test-checkout/cs_nope`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/stripe/test-checkout/cs_nope/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(404);
  });

  it("Pay is refused without the token of the session's own link, with another session's token, and when replayed", async () => {
    const [member, other] = [await makeUser(t), await makeUser(t)];
    const product = await makeProduct(t, { priceCents: 900, stock: 5 });
    await t.gql(ADD, { productId: product.id }, { token: member.token });
    await t.gql(ADD, { productId: product.id }, { token: other.token });
    const mine = (await t.gql(CHECKOUT, {}, { token: member.token })).data!.createCheckoutSession;
    const theirs = (await t.gql(CHECKOUT, {}, { token: other.token })).data!.createCheckoutSession;
    const payUrl = (sessionId: string, token?: string) =>
      `${t.url}/api/stripe/test-checkout/${sessionId}/pay${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`;
    const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
    const refusals = [
      payUrl(mine.sessionId),
      payUrl(mine.sessionId, ''),
      payUrl(mine.sessionId, 'forged'),
      payUrl(mine.sessionId, tokenOf(theirs.url)),
      payUrl(theirs.sessionId, tokenOf(mine.url)),
    ];
    for (const url of refusals) {
      const res = await fetch(url, { method: 'POST', redirect: 'manual' });
      expect([res.status, await res.text()]).toEqual([403, TEST_PAYMENT_LINK_REFUSAL]);
    }
    // Signed in as the owner is not enough to pay someone else's session either.
    const signedIn = await fetch(payUrl(theirs.sessionId), {
      method: 'POST',
      redirect: 'manual',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(signedIn.status).toBe(403);
    expect(await em(t).count(Order, { owner: { $in: [member.user.id, other.user.id] } })).toBe(0);
    // Without its token the page shows what is paid for but offers no Pay.
    const bare = await (await fetch(`${t.url}/api/stripe/test-checkout/${mine.sessionId}`)).text();
    expect(bare).toContain(TEST_LINK_MISSING);
    expect(bare).not.toContain('class="pay"');

    const paid = await fetch(payUrl(mine.sessionId, tokenOf(mine.url)), { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const replay = await fetch(payUrl(mine.sessionId, tokenOf(mine.url)), { method: 'POST', redirect: 'manual' });
    expect(replay.status).toBe(409);
    expect(await em(t).count(Order, { owner: member.user.id })).toBe(1);
    expect(await em(t).count(Order, { owner: other.user.id })).toBe(0);
  });
});

describe('which installs get the test provider', () => {
  const modeFor = (settings: Record<string, string>) =>
    providerMode(loadEnv({ JWT_SECRET: 'x'.repeat(32), DATA_DIR: os.tmpdir(), ...settings }));
  it.each([
    [{}, 'test_provider'],
    [{ PUBLIC_URL: 'http://127.0.0.1:4000' }, 'test_provider'],
    [{ PUBLIC_URL: 'http://[::1]:4000' }, 'test_provider'],
    [{ PAYMENTS_TEST_PROVIDER: '0' }, null],
    [{ PUBLIC_URL: 'https://studio.example.com' }, null],
    [{ PUBLIC_URL: 'http://192.168.1.20:4000' }, null],
    [{ DATABASE_URL: 'postgres://db/studio' }, null],
    [{ DATABASE_URL: 'postgres://db/studio', PAYMENTS_TEST_PROVIDER: '1' }, 'test_provider'],
    [{ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', PAYMENTS_TEST_PROVIDER: '1' }, 'stripe_live'],
  ])('%j → %s', (settings, mode) => {
    expect(modeFor(settings as Record<string, string>)).toBe(mode);
  });
});

describe('with DATABASE_URL and no Stripe keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('checkout answers "Payments are not set up" and there is no test page or webhook', async () => {
    const member = await makeUser(t);
    const product = await makeProduct(t);
    await t.gql(ADD, { productId: product.id }, { token: member.token });
    const res = await t.gql(CHECKOUT, {}, { token: member.token });
    expect(res.errors?.[0]).toMatchObject({ message: NOT_SET_UP_MESSAGE, extensions: { code: 'CONFLICT' } });
    const rest = await fetch(`${t.url}/api/stripe/create-checkout-session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect([rest.status, await rest.text()]).toEqual([409, NOT_SET_UP_MESSAGE]);
    expect((await fetch(`${t.url}/api/stripe/test-checkout/cs_x`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/stripe/webhook`, { method: 'POST', body: '{}' })).status).toBe(400);
  });
});

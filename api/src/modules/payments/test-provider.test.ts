import { startTestApp, type TestApp } from '../../../test/app.js';
import { em, makeUser } from '../../../test/factories.js';
import { makeProduct } from '../../../test/shop.js';
import { Notification, NotificationType } from '../notifications/notification.entity.js';
import { ProductVariant } from '../products/product.entity.js';
import { Order } from './order.entity.js';
import { NOT_SET_UP_MESSAGE } from './payments.service.js';

const CHECKOUT = `mutation { createCheckoutSession { url sessionId } }`;
const ADD = `mutation($productId: ID!) { addProductToCart(productId: $productId, quantity: 1) { id } }`;

describe('the built-in test provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ PAYMENTS_TEST_PROVIDER: '1', PUBLIC_URL: 'http://studio.test' });
  });
  afterAll(() => t.close());

  it('checkout goes to "Test payment — no card is charged"; Pay runs the same fulfilment through a signed event', async () => {
    const member = await makeUser(t);
    const product = await makeProduct(t, { priceCents: 1400 });
    await t.gql(ADD, { productId: product.id }, { token: member.token });
    const { url, sessionId } = (await t.gql(CHECKOUT, {}, { token: member.token })).data!.createCheckoutSession;
    expect(url).toBe(`http://studio.test/api/stripe/test-checkout/${sessionId}`);
    const page = await fetch(`${t.url}/api/stripe/test-checkout/${sessionId}`);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('Test payment — no card is charged');
    expect(html).toContain(`1 × ${product.name}`);
    expect(html).toMatch(/<button class="pay" type="submit">Pay \$14\.00<\/button>/);
    expect(html).toContain('>Cancel</button>');

    const cancel = await fetch(`${t.url}/api/stripe/test-checkout/${sessionId}/cancel`, { method: 'POST', redirect: 'manual' });
    expect([cancel.status, cancel.headers.get('location')]).toEqual([303, 'http://studio.test/dashboard?checkout=cancelled']);
    expect(await em(t).count(Order, { owner: member.user.id })).toBe(0);

    const pay = await fetch(`${t.url}/api/stripe/test-checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
    expect([pay.status, pay.headers.get('location')]).toEqual([303, `http://studio.test/payment-success?session_id=${sessionId}`]);
    expect(await em(t).count(Order, { owner: member.user.id })).toBe(1);
    expect(await em(t).count(Notification, { user: member.user.id, type: NotificationType.payment_success })).toBe(1);
    // Paying twice changes nothing; the page says it is done.
    await fetch(`${t.url}/api/stripe/test-checkout/${sessionId}/pay`, { method: 'POST', redirect: 'manual' });
    expect(await em(t).count(Order, { owner: member.user.id })).toBe(1);
    expect(await (await fetch(`${t.url}/api/stripe/test-checkout/${sessionId}`)).text()).toContain('This payment is complete.');
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
    expect((await fetch(`${t.url}/api/stripe/test-checkout/cs_nope/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
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

import { expect, test, type APIRequestContext } from '@playwright/test';
import { createClass, money, newMember, STUDIO_TZ } from './classSupport';
import { expectAccessible, gql, loginViaApi, openSignedIn, shot, uniqueSurname, type TestAccount } from './support';

test.use({ timezoneId: STUDIO_TZ });

const CATALOGUE = `{ products { id name variants { id label stock } } }`;

async function variantStock(request: APIRequestContext, account: TestAccount, product: string, label: string | null) {
  const { products } = await gql(request, CATALOGUE, {}, account.token);
  const found = products.find((p: { name: string }) => p.name === product);
  return found.variants.find((v: { label: string | null }) => v.label === label) as { id: string; stock: number | null };
}

test('a member buys a tee and a paid class through the test provider and lands on /payment-success', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const klass = await createClass(request);
  const member = await newMember(request, 'Quinn');
  const booked = await gql(
    request,
    `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id status } } }`,
    { c: klass.id, a: member.user.id },
    member.token,
  );
  expect(booked.bookClass.booking.status).toBe('held');
  const teeBefore = await variantStock(request, member, 'Studio tee', 'M');

  // The shop: categories, stock labels, a size and a quantity.
  await openSignedIn(page, member, '/merch');
  await expect(page.getByRole('heading', { name: 'Merch & Snacks', level: 1 })).toBeVisible();
  const kneePads = page.getByTestId('product').filter({ hasText: 'Knee pads' });
  await expect(kneePads.getByTestId('stock-label')).toHaveText('Sold out');
  await expect(kneePads.getByRole('button', { name: 'Sold out: Knee pads' })).toBeDisabled();
  await expectAccessible(page, testInfo, 'merch-1280');
  await shot(page, 'merch-1280');
  const tee = page.getByTestId('product').filter({ hasText: 'Studio tee' });
  await tee.getByRole('button', { name: 'M', exact: true }).click();
  await tee.getByRole('button', { name: 'Add to cart: Studio tee' }).click();
  await expect(page.getByTestId('toast')).toContainText('Added to your cart');

  // The cart: the held class and the tee, the total, the badge.
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  const cart = page.getByRole('dialog', { name: 'Cart' });
  await expect(cart.getByTestId('cart-item')).toContainText(klass.name);
  await expect(cart.getByTestId('cart-product')).toContainText('Studio tee (M)');
  await expect(cart.getByTestId('cart-total')).toHaveText(money(klass.priceCents + 2500));
  await expectAccessible(page, testInfo, 'cart-with-products-1280');
  await shot(page, 'cart-with-products-1280');

  // Checkout goes to the built-in test provider's page; Pay comes back to /payment-success.
  await cart.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByRole('heading', { name: 'Test payment — no card is charged' })).toBeVisible();
  await expect(page.locator('tbody')).toContainText('Studio tee (M)');
  await shot(page, 'test-payment-1280');
  await page.getByRole('button', { name: `Pay ${money(klass.priceCents + 2500)}` }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_test_local_/);
  const order = page.getByTestId('paid-order');
  await expect(order).toContainText('Thank you — your payment went through');
  await expect(order.getByTestId('order-line')).toHaveCount(2);
  await expect(order.getByTestId('order-total')).toHaveText(money(klass.priceCents + 2500));
  await expectAccessible(page, testInfo, 'payment-success-1280');
  await shot(page, 'payment-success-1280');

  // The booking is confirmed and paid, the tee's stock went down by one, both carts are empty.
  const { myBookings } = await gql(request, `{ myBookings { id status paymentStatus } }`, {}, member.token);
  expect(myBookings).toEqual([{ id: booked.bookClass.booking.id, status: 'confirmed', paymentStatus: 'paid' }]);
  expect((await variantStock(request, member, 'Studio tee', 'M')).stock).toBe(teeBefore.stock! - 1);
  await expect(page.getByRole('button', { name: 'Cart', exact: true })).toBeVisible();
  const { myOrders } = await gql(request, `{ myOrders { totalCents } }`, {}, member.token);
  expect(myOrders).toEqual([{ totalCents: klass.priceCents + 2500 }]);

  // The payment_success notification: in the badge (with the held spot's) and on top of the popover.
  await page.getByRole('button', { name: 'Notifications, 2 unread' }).click();
  const paid = page.getByRole('dialog', { name: 'Notifications' }).getByTestId('notification').first();
  await expect(paid).toContainText('Payment received');
  await expect(paid).toContainText(`We received ${money(klass.priceCents + 2500)} for 2 items.`);
  await shot(page, 'payment-success-notification-1280');
});

test("the cart's checkout messages: an empty cart, and a product sold out before checkout", async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const member = await newMember(request, 'Ellis');
  await openSignedIn(page, member, '/merch');
  await expect(page.getByRole('heading', { name: 'Merch & Snacks', level: 1 })).toBeVisible();
  await shot(page, 'merch-375');
  await page.getByRole('button', { name: 'Cart', exact: true }).click();
  const cart = page.getByRole('dialog', { name: 'Cart' });
  await cart.getByRole('button', { name: 'Checkout' }).click();
  await expect(page.getByTestId('toast')).toContainText('Cart Empty');
  await expect(page.getByTestId('toast')).toContainText('Please add items to your cart before checking out.');
  await page.keyboard.press('Escape');

  // Two members want the last two bags in L (a product of this test's own, so no other test takes them); the other
  // one checks out first.
  const admin = await loginViaApi(request, 'admin');
  const bagName = `Chalk bag ${uniqueSurname('')}`;
  const { createProduct: bag } = await gql(
    request,
    `mutation($input: ProductInput!) { createProduct(input: $input) { id variants { id stock } } }`,
    { input: { category: 'merchandise', name: bagName, priceCents: 1800, variants: [{ label: 'L', stock: 2 }] } },
    admin.token,
  );
  const add = `mutation($p: ID!, $v: ID, $q: Int!) { addProductToCart(productId: $p, variantId: $v, quantity: $q) { id } }`;
  await gql(request, add, { p: bag.id, v: bag.variants[0].id, q: 2 }, member.token);
  const other = await newMember(request, 'Sasha');
  await gql(request, add, { p: bag.id, v: bag.variants[0].id, q: 2 }, other.token);
  await gql(request, `mutation { createCheckoutSession { url } }`, {}, other.token);

  await page.reload();
  await page.getByRole('button', { name: 'Cart, 2 items' }).click();
  await expect(cart.getByTestId('cart-product')).toContainText(`${bagName} (L)`);
  await shot(page, 'cart-with-products-375');
  await cart.getByRole('button', { name: 'Checkout' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Checkout Error');
  await expect(toast).toContainText(`${bagName} (L) is sold out.`);
  await expect(page).toHaveURL(/\/merch$/);
});

for (const width of [1280, 375]) {
  test(`Admin → Stripe shows the test provider, the webhook URL, payments and events (${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 812 });
    // A payment of our own, so the tables have rows.
    const member = await newMember(request, 'Morgan');
    const { products } = await gql(request, `{ products(search: "Protein bar") { id } }`, {}, member.token);
    await gql(request, `mutation($p: ID!) { addProductToCart(productId: $p, quantity: 1) { id } }`, { p: products[0].id }, member.token);
    const { createCheckoutSession } = await gql(request, `mutation { createCheckoutSession { url } }`, {}, member.token);
    const link = new URL(createCheckoutSession.url);
    await request.post(`${link.pathname}/pay${link.search}`, { maxRedirects: 0 });

    const admin = await loginViaApi(request, 'admin');
    await openSignedIn(page, admin, '/admin/stripe');
    await expect(page.getByTestId('payment-mode')).toHaveText('Built-in test provider');
    await expect(page.getByRole('region', { name: 'Provider' })).toContainText('/api/stripe/webhook');
    await expect(page.getByTestId('admin-order').filter({ hasText: 'Morgan' }).first()).toBeVisible();
    await expect(page.getByTestId('payment-event').first()).toContainText('Processed');
    await expectAccessible(page, testInfo, `admin-stripe-${width}`);
    await shot(page, `admin-stripe-${width}`);
  });
}

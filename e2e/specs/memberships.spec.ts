import { expect, test } from '@playwright/test';
import { createClass, newMember, STUDIO_TZ } from './classSupport';
import { expectAccessible, gql, openSignedIn, shot } from './support';

test.use({ timezoneId: STUDIO_TZ });

test('a member subscribes through the test provider, lands on /membership-success and books a class without a cart', async ({
  page,
  request,
}, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const member = await newMember(request, 'Robin');
  const klass = await createClass(request);

  await openSignedIn(page, member, '/memberships');
  await expect(page.getByRole('heading', { name: 'Memberships', level: 1 })).toBeVisible();
  const unlimited = page.getByTestId('plan').filter({ has: page.getByRole('heading', { name: 'Unlimited', exact: true }) });
  await expect(unlimited).toContainText('$149.00 / month');
  await expect(unlimited).toContainText('$25.00 sign-up fee');
  await expectAccessible(page, testInfo, 'memberships-1280');
  await shot(page, 'memberships-1280');

  await unlimited.getByRole('button', { name: 'Subscribe to Unlimited' }).click();
  await expect(page.getByRole('heading', { name: 'Test payment — no card is charged' })).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe and pay $174.00' }).click();
  await expect(page).toHaveURL(/\/membership-success\?session_id=cs_test_local_sub_/);
  await expect(page.getByTestId('new-membership')).toContainText('Welcome to Unlimited!');
  await shot(page, 'membership-success-1280');

  // Before the click, the booking dialog says the membership pays.
  await page.goto(`/classes?class=${klass.id}`);
  await expect(page.getByRole('dialog', { name: klass.name }).getByRole('button', { name: 'Book with Unlimited' })).toBeVisible();

  // A paid class is booked and paid by the membership: confirmed, nothing in the cart.
  const booked = await gql(
    request,
    `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { status paymentStatus coveredBy } cart { totalItems } } }`,
    { c: klass.id, a: member.user.id },
    member.token,
  );
  expect(booked.bookClass).toEqual({
    booking: { status: 'confirmed', paymentStatus: 'covered', coveredBy: 'Unlimited membership' },
    cart: { totalItems: 0 },
  });
  await page.goto('/memberships');
  await expect(page.getByTestId('my-membership')).toContainText('1 class this period');
  await page.goto('/classes');
  await expect(page.getByText('Paid by Unlimited membership')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cart', exact: true })).toBeVisible();
});

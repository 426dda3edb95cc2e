import { expect, test } from '@playwright/test';
import { createClass, money, newMember, STUDIO_TZ } from './classSupport';
import { expectAccessible, gql, openSignedIn, registerAccount, shot, uniqueSurname, yearsAgo } from './support';

test.use({ timezoneId: STUDIO_TZ });

for (const width of [1280, 375]) {
  test(`a member books a paid class from /classes and sees the hold in the cart popover (${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 812 });
    const klass = await createClass(request);
    const member = await newMember(request, 'Robin');

    await openSignedIn(page, member, `/classes?date=${klass.date}`);
    await expect(page.getByRole('heading', { name: 'Classes', level: 1 })).toBeVisible();
    await expect(page.getByText('No upcoming classes booked')).toBeVisible();
    const card = page.locator(`[data-class-id="${klass.id}"]`);
    await expect(card).toContainText('4 spots left');
    await expectAccessible(page, testInfo, `classes-${width}`);
    await shot(page, `classes-${width}`);

    await card.click();
    const dialog = page.getByRole('dialog', { name: klass.name });
    await expect(dialog.getByRole('radio', { name: /Robin \(you\)/ })).toBeChecked();
    await expectAccessible(page, testInfo, `booking-dialog-${width}`);
    await shot(page, `booking-dialog-${width}`);
    // From here every GraphQL request over HTTP is counted: the booking's answer has to be enough.
    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/graphql') && r.method() === 'POST') requests.push(r.postDataJSON()?.operationName ?? '?');
    });
    // The action is in reach as the dialog opens, at every width: below the scrolling details, not after them.
    const bookButton = dialog.getByRole('button', { name: `Book · ${money(klass.priceCents)}` });
    await expect(bookButton).toBeInViewport({ ratio: 1 });
    await bookButton.click();
    await expect(page.getByTestId('toast')).toContainText('Spot held in your cart');
    await expect(dialog).toBeHidden();

    // The hold shows in My bookings with its countdown, and in the class's spot count.
    const myBookings = page.getByRole('region', { name: /My bookings/ });
    await expect(myBookings).toContainText(klass.name);
    await expect(myBookings).toContainText('In your cart');
    await expect(myBookings.getByRole('timer')).toContainText(/Held for 1[45]:\d\d/);
    await expect(card).toContainText('3 spots left');
    await expect(card).toContainText('Held: Robin');

    // The cart popover lists it with the price and the total; the badge counts it.
    const cartButton = page.getByRole('button', { name: 'Cart, 1 item' });
    await expect(cartButton).toBeVisible();
    expect(requests, 'one round trip for a booking').toEqual(['BookClass']);
    await cartButton.click();
    const cart = page.getByRole('dialog', { name: 'Cart' });
    const item = cart.getByTestId('cart-item');
    await expect(item).toHaveCount(1);
    await expect(item).toContainText(klass.name);
    await expect(item).toContainText('For Robin');
    await expect(item).toContainText(money(klass.priceCents));
    await expect(cart.getByTestId('cart-total')).toHaveText(money(klass.priceCents));
    await expectAccessible(page, testInfo, `cart-popover-${width}`);
    await shot(page, `cart-popover-held-${width}`);

    // Removing the item frees the spot at once (paying for it through checkout: shop.spec.ts).
    requests.length = 0;
    await cart.getByRole('button', { name: new RegExp(`Remove ${klass.name}`) }).click();
    await expect(cart).toContainText('Your cart is empty');
    await cart.getByRole('button', { name: 'Checkout' }).click();
    await expect(page.getByTestId('toast')).toContainText('Cart Empty');
    await expect(page.getByTestId('toast')).toContainText('Please add items to your cart before checking out.');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Cart', exact: true })).toBeVisible();
    await expect(card).toContainText('4 spots left');
    await expect(page.getByText('No upcoming classes booked')).toBeVisible();
    expect(requests, 'one round trip to remove a held spot').toEqual(['RemoveFromCart']);
  });
}

test('a full class offers its waitlist with the place in line', async ({ page, request }, testInfo) => {
  const klass = await createClass(request, { capacity: 1 });
  const first = await newMember(request, 'Ada');
  const second = await newMember(request, 'Bo');

  // Ada takes the only spot through the page.
  await openSignedIn(page, first, `/classes?date=${klass.date}&class=${klass.id}`);
  await page.getByRole('dialog', { name: klass.name }).getByRole('button', { name: /^Book/ }).click();
  await expect(page.getByTestId('toast')).toContainText('Spot held in your cart');

  // Bo finds it full and joins the waitlist.
  await openSignedIn(page, second, `/classes?date=${klass.date}`);
  const card = page.locator(`[data-class-id="${klass.id}"]`);
  await expect(card).toContainText('Full');
  await card.click();
  const dialog = page.getByRole('dialog', { name: klass.name });
  await dialog.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(page.getByTestId('toast')).toContainText('#1 in line');
  const waitlist = page.getByRole('region', { name: /My waitlist/ });
  await expect(waitlist).toContainText('#1 in line');
  await expect(card).toContainText('Full · 1 waiting');
  await expectAccessible(page, testInfo, 'classes-waitlist');
  await shot(page, 'classes-waitlist');
  await waitlist.getByRole('button', { name: 'Leave' }).click();
  await expect(waitlist).toContainText('not waiting for any class');
});

test('a parent books two children into one class in one step, on a phone', async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const klass = await createClass(request);
  const surname = uniqueSurname('Okafor');
  const parent = await registerAccount(request, { parent: true, firstName: 'Ada', lastName: surname });
  const ADD = `mutation($input: FamilyMemberInput!) { addFamilyMember(input: $input) { id } }`;
  const kids = [];
  for (const [firstName, age] of [
    ['Zuri', 9],
    ['Tobi', 11],
  ] as const)
    kids.push(
      (await gql(request, ADD, { input: { firstName, lastName: surname, birthday: yearsAgo(age) } }, parent.token)).addFamilyMember.id,
    );
  await gql(
    request,
    `mutation($ids: [ID!]!) { signWaivers(userIds: $ids) { user { id } } }`,
    { ids: [parent.user.id, ...kids] },
    parent.token,
  );
  const account = { ...parent, user: { ...parent.user, waiverSigned: true } };

  await openSignedIn(page, account, `/classes?date=${klass.date}&class=${klass.id}`);
  const dialog = page.getByRole('dialog', { name: klass.name });
  await expect(dialog.getByRole('checkbox', { name: /Ada \(you\)/ })).toBeChecked();
  await dialog.getByRole('checkbox', { name: /Ada \(you\)/ }).click();
  await dialog.getByRole('checkbox', { name: new RegExp(`Zuri ${surname}`) }).click();
  await dialog.getByRole('checkbox', { name: new RegExp(`Tobi ${surname}`) }).click();
  const book = dialog.getByRole('button', { name: `Book 2 spots · ${money(2 * klass.priceCents)}` });
  await expect(book).toBeInViewport({ ratio: 1 });
  await expectAccessible(page, testInfo, 'booking-dialog-two-children-375');
  await shot(page, 'booking-dialog-two-children-375');
  await book.click();
  await expect(page.getByTestId('toast')).toContainText(/(Zuri and Tobi|Tobi and Zuri): held in your cart/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();
  const card = page.locator(`[data-class-id="${klass.id}"]`);
  await expect(card).toContainText('2 spots left');
});

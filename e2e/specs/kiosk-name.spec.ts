import { expect, test, type Page } from '@playwright/test';
import { createCheckInClass, staffBook, STUDIO_TZ } from './classSupport';
import { expectAccessible, gql, loginViaApi, openSignedIn, registerAccount, shot, signOwnWaiver, yearsAgo } from './support';

test.use({ timezoneId: STUDIO_TZ, viewport: { width: 820, height: 1180 } });

/** A name no other spec uses (letters only: the kiosk looks names up by their letters). */
function uniqueWord(base: string): string {
  return base + Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
}

/** Types on the kiosk's own letter pad. */
async function typeOnPad(page: Page, letters: string) {
  for (const letter of letters.toUpperCase()) {
    await page.getByRole('button', { name: letter === ' ' ? 'Space' : `Letter ${letter}` }).click();
  }
}

/** Opens the roster of the open class (other specs open classes of the same type at the same time) that lists `name`. */
async function openRosterWith(page: Page, name: string) {
  const classes = page.getByTestId('kiosk-class').getByRole('button');
  await expect(classes.first()).toBeVisible();
  const roster = page.getByRole('list', { name: 'Booked into this class' });
  for (let i = 0; i < (await classes.count()); i++) {
    await classes.nth(i).click();
    await expect(roster.or(page.getByText('Nobody is booked into this class yet.'))).toBeVisible();
    if (await roster.getByRole('button', { name: new RegExp(name) }).count()) return roster;
    await page.getByRole('button', { name: 'Back' }).click();
  }
  throw new Error(`No open class lists ${name}`);
}

test('kiosk: staff set the screen up; a parent finds her child by name, then taps herself in from the roster', async ({
  page,
  request,
}, testInfo) => {
  // A parent and her 9-year-old, both booked into a class whose check-in is open now.
  const klass = await createCheckInClass(request);
  const lastName = uniqueWord('Quarry');
  const parent = await registerAccount(request, { parent: true, firstName: uniqueWord('Paz'), lastName });
  await signOwnWaiver(request, parent);
  const childName = uniqueWord('Mina');
  const { addFamilyMember: child } = await gql(
    request,
    `mutation($i: FamilyMemberInput!) { addFamilyMember(input: $i) { id } }`,
    { i: { firstName: childName, lastName, birthday: yearsAgo(9) } },
    parent.token,
  );
  await gql(request, `mutation($ids: [ID!]!) { signWaivers(userIds: $ids) { user { id } } }`, { ids: [child.id] }, parent.token);
  await staffBook(request, klass.id, parent.user.id);
  await staffBook(request, klass.id, child.id);

  // Before set-up, the kiosk offers PIN and QR only, and a staff sign-in hint.
  await page.goto('/check-in');
  await expect(page.getByRole('button', { name: /Check in with PIN/ })).toBeVisible();
  await expect(page.getByRole('button', { name: /Find my name/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Kiosk set-up' })).toContainText('Staff can set up this screen');

  // An admin signs in on the front-desk screen, sets it up, and signs out again.
  const admin = await loginViaApi(request, 'admin');
  await openSignedIn(page, admin, '/check-in');
  const setup = page.getByRole('region', { name: 'Kiosk set-up' });
  await setup.getByRole('button', { name: 'Set up this screen as the kiosk' }).click();
  await expect(setup).toContainText('set up by Avery S.');
  await page.evaluate(() => {
    localStorage.removeItem('token');
    localStorage.removeItem('userData');
  });
  await page.goto('/check-in');
  await expect(page.getByRole('button', { name: /Find my name/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Kiosk set-up' })).toHaveCount(0);
  await expect(page.locator('body')).not.toContainText(childName);
  await expectAccessible(page, testInfo, 'kiosk-start-set-up');
  await shot(page, 'kiosk-name-start-tablet');

  // The parent types the first letters of her daughter's name on the pad and taps it.
  await page.getByRole('button', { name: /Find my name/ }).click();
  await typeOnPad(page, childName.slice(0, 7));
  const found = page.getByRole('list', { name: 'Matching names' });
  const tile = found.getByRole('button', { name: new RegExp(`${childName} ${lastName[0]}\\.`) });
  await expect(tile).toContainText(klass.name);
  // First name and last initial only.
  await expect(page.locator('body')).not.toContainText(lastName);
  await expectAccessible(page, testInfo, 'kiosk-find');
  await shot(page, 'kiosk-name-find-tablet');
  await tile.click();

  // Her daughter is chosen, she herself is listed but not chosen (she may not be here).
  await expect(page.getByRole('heading', { name: `Hi, ${childName}!` })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: new RegExp(childName) })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: new RegExp(parent.user.firstName) })).not.toBeChecked();
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `You’re checked in, ${childName}!` })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();

  // From the class's roster: the daughter shows as checked in; the parent taps her own name.
  const roster = await openRosterWith(page, childName);
  await expect(roster.getByRole('button', { name: new RegExp(childName) })).toContainText('Checked in');
  await shot(page, 'kiosk-name-roster-tablet');
  await roster.getByRole('button', { name: new RegExp(`${parent.user.firstName} ${lastName[0]}\\.`) }).click();
  await expect(page.getByRole('heading', { name: `Hi, ${parent.user.firstName}!` })).toBeVisible();
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `You’re checked in, ${parent.user.firstName}!` })).toBeVisible();

  const { classRoster } = await gql(
    request,
    `query($id: ID!) { classRoster(classInstanceId: $id) { checkedInAt attendee { id } } }`,
    { id: klass.id },
    admin.token,
  );
  const ours = classRoster.filter((b: { attendee: { id: string } }) => [parent.user.id, child.id].includes(b.attendee.id));
  expect(ours.map((b: { checkedInAt: string | null }) => Boolean(b.checkedInAt))).toEqual([true, true]);

  // The same screens on a phone and a laptop.
  await page.getByRole('button', { name: 'Done' }).click();
  for (const [width, height] of [
    [375, 812],
    [1280, 800],
  ]) {
    await page.setViewportSize({ width, height });
    await page.getByRole('button', { name: /Find my name/ }).click();
    await typeOnPad(page, childName.slice(0, 4));
    await expect(page.getByRole('list', { name: 'Matching names' })).toContainText(childName);
    await shot(page, `kiosk-name-find-${width}`);
    await page.getByRole('button', { name: 'Back' }).click();
    await shot(page, `kiosk-name-start-${width}`);
  }
});

test('kiosk: a family that set a check-in PIN gives it after tapping a name', async ({ page, request }) => {
  const klass = await createCheckInClass(request);
  const member = await registerAccount(request, { firstName: uniqueWord('Rue'), lastName: uniqueWord('Hollis') });
  await signOwnWaiver(request, member);
  await gql(request, `mutation { setCheckInPin(pin: "2580") }`, {}, member.token);
  await staffBook(request, klass.id, member.user.id);

  const admin = await loginViaApi(request, 'admin');
  const { setUpKioskScreen } = await gql(request, `mutation { setUpKioskScreen { deviceToken } }`, {}, admin.token);
  await page.goto('/404-warmup');
  await page.evaluate((token) => localStorage.setItem('kioskScreen', token), setUpKioskScreen.deviceToken);
  await page.goto('/check-in');

  await page.getByRole('button', { name: /Find my name/ }).click();
  await page.getByRole('textbox', { name: 'First letters of your name' }).fill(member.user.firstName);
  await page.getByRole('button', { name: new RegExp(member.user.firstName) }).click();
  await expect(page.getByRole('heading', { name: new RegExp(`Hi, ${member.user.firstName}`) })).toBeVisible();
  for (const d of '1357') await page.getByRole('button', { name: `Digit ${d}` }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That PIN is not right' })).toBeVisible();
  await shot(page, 'kiosk-name-pin-tablet');
  for (const d of '2580') await page.getByRole('button', { name: `Digit ${d}` }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('checkbox', { name: new RegExp(member.user.firstName) })).toBeChecked();
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: `You’re checked in, ${member.user.firstName}!` })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { createCheckInClass, createClass, newMember, staffBook, STUDIO_TZ } from './classSupport';
import { expectAccessible, gql, loginViaApi, openSignedIn, shot } from './support';

test.use({ timezoneId: STUDIO_TZ, viewport: { width: 820, height: 1180 } });

test('kiosk check-in by username and PIN, on a tablet in portrait', async ({ page, request }, testInfo) => {
  // A class whose check-in is open now, with our member booked in it.
  const klass = await createCheckInClass(request);
  const member = await newMember(request, 'Quinn');
  const bookingId = await staffBook(request, klass.id, member.user.id);

  // The member sets a PIN on the profile page.
  await openSignedIn(page, member, '/profile#check-in-pin');
  const pinSection = page.getByRole('region', { name: 'Check-in PIN' });
  await expect(pinSection).toContainText('You have no check-in PIN yet.');
  await pinSection.getByLabel(/^PIN/).fill('1111');
  await pinSection.getByLabel(/^Confirm PIN/).fill('1111');
  await pinSection.getByRole('button', { name: 'Set PIN' }).click();
  await expect(pinSection).toContainText('Too easy to guess');
  await pinSection.getByLabel(/^PIN/).fill('2580');
  await pinSection.getByLabel(/^Confirm PIN/).fill('2580');
  await pinSection.getByRole('button', { name: 'Set PIN' }).click();
  await expect(page.getByTestId('toast')).toContainText('Check-in PIN saved');
  await expect(pinSection).toContainText('Your check-in PIN is set.');

  // At the kiosk (signed out): open classes, no names.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/check-in');
  await expect(page.getByRole('heading', { name: 'Check-In', level: 1 })).toBeVisible();
  await expect(page.getByTestId('kiosk-class').filter({ hasText: klass.name }).first()).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Quinn');
  await expectAccessible(page, testInfo, 'kiosk-start');
  await shot(page, 'kiosk-start-tablet');

  // A wrong PIN is refused with the server's words.
  await page.getByRole('button', { name: /Check in with PIN/ }).click();
  await page.getByRole('textbox', { name: /Username/ }).fill(member.username);
  for (const d of '9999') await page.getByRole('button', { name: `Digit ${d}` }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'do not match' })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Quinn');

  for (const d of '2580') await page.getByRole('button', { name: `Digit ${d}` }).click();
  await expectAccessible(page, testInfo, 'kiosk-pin');
  await shot(page, 'kiosk-pin-tablet');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'Hi, Quinn!' })).toBeVisible();
  const mine = page.getByRole('checkbox', { name: new RegExp(`Quinn.*${klass.name}`) });
  await expect(mine).toBeChecked();
  await expectAccessible(page, testInfo, 'kiosk-bookings');
  await shot(page, 'kiosk-bookings-tablet');
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'You’re checked in, Quinn!' })).toBeVisible();
  await shot(page, 'kiosk-done-tablet');

  // The roster agrees, and Done returns the kiosk to its nameless start.
  const admin = await loginViaApi(request, 'admin');
  const { classRoster } = await gql(
    request,
    `query($id: ID!) { classRoster(classInstanceId: $id) { id checkedInAt } }`,
    { id: klass.id },
    admin.token,
  );
  expect(classRoster.find((b: { id: string }) => b.id === bookingId)?.checkedInAt).toBeTruthy();
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('button', { name: /Scan my QR code/ })).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Quinn');
});

test('the dashboard shows upcoming classes and the personal check-in QR code', async ({ page, request }, testInfo) => {
  const klass = await createClass(request);
  const member = await newMember(request, 'Jules');
  await staffBook(request, klass.id, member.user.id);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, member, '/dashboard');
  const upcoming = page.getByRole('region', { name: 'Upcoming classes' });
  await expect(upcoming).toContainText(klass.name);
  await expect(upcoming).toContainText('Booked');
  const code = page.getByRole('region', { name: 'Check-in code' });
  await expect(code.getByRole('img', { name: 'Your personal check-in QR code' })).toBeVisible();
  await expect(code.getByRole('link', { name: 'Set check-in PIN' })).toHaveAttribute('href', '/profile#check-in-pin');
  await expectAccessible(page, testInfo, 'dashboard-classes');
  await shot(page, 'dashboard-classes-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(code).toBeVisible();
  await shot(page, 'dashboard-classes-375');
});

test('without a camera, “Scan my QR code” explains and offers the PIN', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: () => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' })) },
    });
  });
  await page.goto('/check-in');
  await page.getByRole('button', { name: /Scan my QR code/ }).click();
  await expect(page.getByText('Camera not available')).toBeVisible();
  await expect(page.getByText(/Camera access is blocked/)).toBeVisible();
  await shot(page, 'kiosk-no-camera-tablet');
  await page.getByRole('button', { name: 'Use my PIN instead' }).click();
  await expect(page.getByRole('heading', { name: 'Check in with your PIN' })).toBeVisible();
});

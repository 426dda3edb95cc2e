import { expect, test, type APIRequestContext } from '@playwright/test';
import { newMember } from './classSupport';
import { loginViaApi, newStaff, openSignedIn, registerAccount, shot, signOwnWaiver, uniqueSurname, type TestAccount } from './support';

/** The navigation bar per role. */
const roles = {
  admin: {
    links: ['Dashboard', 'Admin Dashboard', 'Calendar', 'Profile', 'My Moves', 'Waiver Status'],
    account: [
      'Admin Dashboard',
      'User Management',
      'Class Management',
      'Student Management',
      'Staff Chat',
      'Merch & Snacks',
      'Memberships',
    ],
  },
  instructor: {
    links: ['Dashboard', 'Calendar', 'Profile', 'My Moves', 'Waiver Status'],
    account: ['My Classes', 'Staff Chat', 'Merch & Snacks', 'Memberships'],
  },
  teacher: {
    links: ['Dashboard', 'Calendar', 'Profile', 'My Moves', 'Waiver Status'],
    account: ['My Classes', 'Staff Chat', 'Merch & Snacks', 'Memberships'],
  },
  parent: {
    links: ['Dashboard', 'Calendar', 'Profile', 'My Moves', 'Family', 'Waiver Status'],
    account: ['Family Management', 'Staff Chat', 'Merch & Snacks', 'Memberships'],
  },
  student: {
    links: ['Dashboard', 'Calendar', 'Profile', 'My Moves', 'Waiver Status'],
    account: ['Staff Chat', 'Merch & Snacks', 'Memberships'],
  },
} as const;

/** An account of our own in `role`; a parent who has not signed the waiver yet, so the app keeps them on /waiver. */
async function accountFor(request: APIRequestContext, role: keyof typeof roles): Promise<TestAccount> {
  if (role === 'parent') return registerAccount(request, { parent: true, firstName: 'Nell', lastName: uniqueSurname('Parent') });
  if (role === 'student') return newMember(request, 'Noor', uniqueSurname('Member'));
  return newStaff(request, role, 'Nia', uniqueSurname('Staff'));
}

for (const [role, items] of Object.entries(roles) as [keyof typeof roles, (typeof roles)[keyof typeof roles]][]) {
  test.describe(`${role} navigation`, () => {
    test('desktop: first four links inline, the rest under More, and the account menu', async ({ page, request }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      // The parent is kept on /waiver; the bar is the same.
      const account = await accountFor(request, role);
      await openSignedIn(page, account, '/dashboard');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link')).toHaveText(items.links.slice(0, 4));
      await nav.getByRole('button', { name: 'More' }).click();
      await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText(items.links.slice(4));
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();
      await page.getByRole('button', { name: /Account menu for/ }).click();
      await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([...items.account, 'Sign out']);
      await shot(page, `nav-${role}-desktop`);
    });

    test('phone: every item in the drawer', async ({ page, request }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      const account = await accountFor(request, role);
      await openSignedIn(page, account, '/dashboard');
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('navigation', { name: 'Main menu' });
      await expect(drawer.getByRole('link', { name: /^(?!Aerial Studio)/ })).toHaveText([...items.links, ...items.account]);
      await expect(drawer.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await shot(page, `nav-${role}-phone`);
    });
  });
}

test('signed out: Sign in and Register on desktop; Home, Check-In, Sign in and Register in the drawer', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Register' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cart' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Feedback' })).toHaveCount(0);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Main menu' });
  await expect(drawer.getByRole('link', { name: /^(?!Aerial Studio)/ })).toHaveText(['Home', 'Check-In', 'Sign in', 'Register']);
  await shot(page, 'nav-signed-out-phone');
});

test('the cart and notifications popovers show their empty states', async ({ page, request }) => {
  // A member of our own, without notifications.
  const registered = await registerAccount(request, { firstName: 'Noor' });
  await signOwnWaiver(request, registered);
  const account = { ...registered, user: { ...registered.user, waiverSigned: true } };
  await openSignedIn(page, account, '/dashboard');
  await page.getByRole('button', { name: 'Cart' }).click();
  await expect(page.getByRole('dialog', { name: 'Cart' })).toContainText('Your cart is empty');
  await shot(page, 'cart-popover');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Notifications' }).click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText("You're all caught up");
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send feedback' });
  await expect(dialog.getByRole('button', { name: 'Send' })).toBeDisabled();
  await expect(dialog.getByRole('combobox', { name: /Category/ })).toHaveText('General');
  await dialog.getByRole('textbox', { name: 'Message' }).fill('The new studio app looks great.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('toast')).toContainText('Feedback Submitted');
  await expect(page.getByTestId('toast')).toContainText("Thank you for your feedback! We'll review it soon.");
  await shot(page, 'feedback-sent');
});

test('the Feedback button never covers the page: scrolled to the end, the last content sits above it', async ({ page, request }) => {
  const admin = await loginViaApi(request, 'admin');
  for (const [width, path, last] of [
    [1280, '/admin/students', page.getByRole('button', { name: 'Go to next page' })],
    [375, '/classes', page.getByRole('main').getByRole('button').last()],
  ] as const) {
    await page.setViewportSize({ width, height: 700 });
    await openSignedIn(page, admin, path);
    await expect(last).toBeVisible();
    // Scrolled again until the page has settled (rows and cards may still be arriving).
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const bar = (await page.getByRole('complementary', { name: 'Feedback' }).boundingBox())!;
      const lastBox = (await last.boundingBox())!;
      expect(lastBox.y + lastBox.height).toBeLessThanOrEqual(bar.y);
      // The bar spans the window's foot, so nothing scrolls beside the button either.
      expect(bar.x).toBe(0);
      expect(bar.width).toBe(width);
    }).toPass({ timeout: 10_000 });
  }
});

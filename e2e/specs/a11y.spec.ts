import { expect, test } from '@playwright/test';
import { expectAccessible, gql, loginViaApi, openSignedIn, registerAccount, shot, signOwnWaiver, yearsAgo } from './support';

/** Axe-core on every page of the shell issue, signed out and signed in, at desktop and phone widths. */
const publicPages = [
  { name: 'landing', path: '/', ready: { role: 'heading', level: 1 } },
  { name: 'login', path: '/login', heading: 'Welcome back' },
  { name: 'register', path: '/register', heading: 'Create your account' },
  { name: 'forgot-password', path: '/forgot-password', heading: 'Forgot your password?' },
  { name: 'reset-password', path: '/reset-password?token=example', heading: 'Choose a new password' },
  { name: 'calendar', path: '/calendar', heading: 'Class Calendar' },
  { name: 'check-in', path: '/check-in', heading: 'Check-In' },
  { name: 'not-found', path: '/missing-page', heading: 'Page Not Found' },
] as const;

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 800 : 812 } });

    for (const p of publicPages) {
      test(`${p.name} has no serious or critical violations`, async ({ page }, testInfo) => {
        await page.goto(p.path);
        if ('heading' in p) await expect(page.getByRole('heading', { name: p.heading, level: 1 })).toBeVisible();
        else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectAccessible(page, testInfo, `${p.name}-${width}`);
        await shot(page, `${p.name}-${width}`);
      });
    }

    test('signed-in pages have no serious or critical violations', async ({ page, request }, testInfo) => {
      test.setTimeout(120_000);
      const parent = await registerAccount(request, { parent: true, firstName: 'Ada' });
      await gql(
        request,
        `mutation($input: FamilyMemberInput!) { addFamilyMember(input: $input) { id } }`,
        { input: { firstName: 'Kit', lastName: 'Parent', birthday: yearsAgo(9) } },
        parent.token,
      );

      await openSignedIn(page, parent, '/waiver');
      await expect(page.getByText('ASTRO-WAIVER-2025')).toBeVisible();
      await expectAccessible(page, testInfo, `waiver-${width}`);
      await shot(page, `waiver-${width}`);

      await signOwnWaiver(request, parent);
      for (const [name, path, heading, ready] of [
        ['dashboard', '/dashboard', /, Ada$/, 'Family at a glance'],
        ['profile', '/profile', 'Profile', 'Personal details'],
        ['family', '/family', 'Family', 'Kit Parent'],
        ['sign-waivers', '/sign-waivers', 'Sign Waivers', 'ASTRO-WAIVER-2025'],
        ['notifications', '/notifications', 'Notifications', "You're all caught up"],
        ['classes', '/classes', 'Classes', 'No upcoming classes booked'],
        ['moves', '/moves', 'My Moves', 'Your level on each apparatus, what the next level needs, and every move you are learning.'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
        await expectAccessible(page, testInfo, `${name}-${width}`);
        await shot(page, `${name}-${width}`);
      }

      await page.getByRole('button', { name: 'Feedback' }).click();
      await expect(page.getByRole('dialog', { name: 'Send feedback' })).toBeVisible();
      await expectAccessible(page, testInfo, `feedback-dialog-${width}`);
    });

    test('admin pages have no serious or critical violations', async ({ page, request }, testInfo) => {
      test.setTimeout(90_000);
      const admin = await loginViaApi(request, 'admin');
      for (const [name, path, heading, ready] of [
        ['admin-dashboard', '/admin/dashboard', 'Admin Dashboard', 'User Management'],
        ['landing-customization', '/admin/landing-page-customization', 'Landing Page', 'Hero'],
      ] as const) {
        await openSignedIn(page, admin, path);
        await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
        await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
        await expectAccessible(page, testInfo, `${name}-${width}`);
        await shot(page, `${name}-${width}`);
      }
      if (width < 1200) {
        // Below lg the landing editor shows one pane at a time: the preview sits behind the switch.
        await page.getByRole('button', { name: 'Preview', exact: true }).click();
        await expect(page.getByText('Live preview', { exact: true })).toBeVisible();
        await expectAccessible(page, testInfo, `landing-preview-${width}`);
        await shot(page, `landing-preview-${width}`);
      }
    });
  });
}

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

/** Controls the Feedback tab sits over, sampled where each one's box meets the tab's (what the pointer would hit). */
function controlsUnderFeedback(): string[] {
  const tab = document.querySelector('aside[aria-label="Feedback"] button')!.getBoundingClientRect();
  const clickable =
    'a[href], button, input, select, textarea, summary, [role="button"], [role="tab"], [role="link"], [role="checkbox"], [role="switch"], [role="combobox"], [tabindex]:not([tabindex="-1"])';
  const covered: string[] = [];
  for (const element of Array.from(document.querySelectorAll<HTMLElement>(clickable))) {
    if (element.closest('aside[aria-label="Feedback"]')) continue;
    const box = element.getBoundingClientRect();
    const left = Math.max(box.left, tab.left),
      right = Math.min(box.right, tab.right);
    const top = Math.max(box.top, tab.top),
      bottom = Math.min(box.bottom, tab.bottom);
    if (left >= right || top >= bottom) continue;
    // Clipped by a scrolling ancestor or hidden, it is not under the tab: hit-testing below the tab says.
    for (const [x, y] of [
      [(left + right) / 2, (top + bottom) / 2],
      [left + 0.5, top + 0.5],
      [right - 0.5, bottom - 0.5],
    ]) {
      if (document.elementsFromPoint(x, y).some((hit) => hit === element || element.contains(hit))) {
        covered.push(
          `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`,
        );
        break;
      }
    }
  }
  return covered;
}

// One test per window size: 22 pages walked at three sizes in one test ran out of time on a busy machine.
for (const [width, height] of [
  [375, 812],
  [1024, 768],
  [1280, 800],
] as const) {
  test(`the Feedback button covers no control on the main pages at ${width} px, at the top and scrolled to the end`, async ({
    page,
    request,
  }) => {
    test.slow();
    const admin = await loginViaApi(request, 'admin');
    const member = await registerAccount(request, { firstName: 'Tab', lastName: uniqueSurname('Walker') });
    await signOwnWaiver(request, member);
    const walk: [TestAccount, string[]][] = [
      [member, ['/dashboard', '/classes', '/merch', '/memberships', '/moves', '/videos', '/profile', '/family', '/notifications']],
      [
        admin,
        [
          '/admin/dashboard',
          '/admin/users',
          '/admin/classes',
          '/admin/students',
          '/admin/attendance',
          '/admin/invoices',
          '/admin/memberships',
          '/admin/merch',
          '/admin/moves',
          '/admin/email',
          '/admin/pos',
          '/staff-chat',
          '/student-moves',
        ],
      ],
    ];
    await page.setViewportSize({ width, height });
    for (const [account, paths] of walk) {
      for (const path of paths) {
        await openSignedIn(page, account, path);
        await expect(page.getByRole('button', { name: 'Feedback' })).toBeVisible();
        await page.waitForLoadState('networkidle');
        for (const end of ['top', 'end'] as const) {
          await page.evaluate((to) => window.scrollTo(0, to === 'top' ? 0 : document.documentElement.scrollHeight), end);
          expect(await page.evaluate(controlsUnderFeedback), `${path} at ${width} px, scrolled to the ${end}`).toEqual([]);
        }
      }
    }
    if (width === 375) {
      await openSignedIn(page, member, '/classes');
      await shot(page, 'feedback-tab-375');
    }
  });
}

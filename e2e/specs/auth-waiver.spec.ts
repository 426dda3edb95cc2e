import { expect, test } from '@playwright/test';
import { shot, uniqueName, yearsAgo } from './support';

test(
  'a new member registers, lands on /waiver, signs, and reaches /dashboard about a second later',
  { tag: '@timing' },
  async ({ page }) => {
    const username = uniqueName('fly');
    await page.goto('/register');
    await page.getByLabel(/^First name/).fill('Nova');
    await page.getByLabel(/^Last name/).fill('Skye');
    await page.getByLabel(/^Username/).fill(username);
    await page.getByLabel(/^Email/).fill(`${username}@example.test`);
    await page.getByLabel(/^Password/).fill('Trapeze-and-silks-42');
    await page.getByLabel(/^Birthday/).fill(yearsAgo(26));
    await shot(page, 'register-filled');
    await page.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/waiver$/);
    await expect(page.getByText('ASTRO-WAIVER-2025')).toBeVisible();
    await expect(page.getByText(/Last updated: May 1, 2025/)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: /Nova Skye \(you\)/ })).toBeChecked();
    await shot(page, 'waiver-new-member');

    // Without the agreement the exact message shows and nothing is signed.
    await page.getByRole('button', { name: 'Sign Waiver(s)' }).click();
    await expect(page.getByTestId('toast')).toContainText('Agreement required');
    await expect(page.getByTestId('toast')).toContainText('Please read and agree to the waiver terms.');

    await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
    await page.getByRole('textbox', { name: /Full name/ }).fill('Nova Skye');
    // Time, inside the page, the signing answer and the move to /dashboard (polling from here would blur them).
    await page.evaluate(() => {
      const w = window as unknown as { answeredAt?: number; navAt?: number };
      const fetch_ = window.fetch.bind(window);
      window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        const response = await fetch_(input, init);
        if (typeof init?.body === 'string' && init.body.includes('signWaivers')) w.answeredAt = performance.now();
        return response;
      };
      const push = history.pushState.bind(history);
      history.pushState = (data: unknown, unused: string, url?: string | URL | null) => {
        if (String(url).endsWith('/dashboard')) w.navAt ??= performance.now();
        push(data, unused, url);
      };
    });
    await page.getByRole('button', { name: 'Sign Waiver(s)' }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toContainText('Waivers signed successfully');
    await expect(toast).toContainText('Thank you for signing the waivers.');
    await shot(page, 'waiver-signed-toast');
    await page.waitForURL(/\/dashboard$/);
    const { answeredAt, navAt } = await page.evaluate(() => {
      const w = window as unknown as { answeredAt: number; navAt: number };
      return { answeredAt: w.answeredAt, navAt: w.navAt };
    });
    const elapsed = navAt - answeredAt;
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(1600);
    await expect(page.getByText('Your waiver is signed')).toBeVisible();
    await shot(page, 'dashboard-after-signing');
  },
);

test('signing in with a wrong password shows the server message next to the form', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(/^Username/).fill(uniqueName('nobody'));
  await page.getByLabel(/^Password/).fill('definitely-wrong');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid username or password.');
  await expect(page).toHaveURL(/\/login$/);
});

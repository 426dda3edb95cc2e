import { expect, test } from '@playwright/test';
import { newMember } from './classSupport';
import { openSignedIn } from './support';

/** In a real browser: 'Loading...' while a page's chunk loads; a chunk that fails keeps it and logs why. */
test("a slow page chunk shows 'Loading...' in place of the previous page, and a failed one keeps it", async ({ page, request }) => {
  const student = await newMember(request, 'Sam');
  await openSignedIn(page, student, '/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /^Good (morning|afternoon|evening), / })).toBeVisible();

  // The profile page's chunk answers only when the test says so.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/ProfilePage-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^Good / })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  // A chunk that cannot load: 'Loading...' stays, and the console says why.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.route(/\/assets\/calendar-[^/]+\.js$/, (route) => route.abort());
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Calendar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  expect(errors.some((e) => e.includes('Failed to load page'))).toBe(true);
});

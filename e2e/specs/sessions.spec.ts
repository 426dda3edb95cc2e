import { expect, test, type Browser, type Page } from '@playwright/test';
import { registerAccount, shot, signOwnWaiver, type TestAccount } from './support';

/** A browser of its own (own storage, own session), signed in through the login form. */
async function signedInBrowser(browser: Browser, account: TestAccount): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login');
  await page.getByLabel(/^Username/).fill(account.username);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return page;
}

const devices = (page: Page) => page.getByRole('list', { name: 'Signed-in devices' });

test('a deep link sends a signed-out visitor through sign-in and back to it', async ({ page, request }) => {
  const account = await registerAccount(request);
  await signOwnWaiver(request, account);
  await page.goto('/profile?from=email');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile%3Ffrom%3Demail$/);
  await page.getByLabel(/^Username/).fill(account.username);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile\?from=email$/);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
});

test('a return target on another site is refused: sign-in goes to the dashboard', async ({ page, request }) => {
  const account = await registerAccount(request);
  await signOwnWaiver(request, account);
  await page.goto(`/login?next=${encodeURIComponent('//evil.example/profile')}`);
  await page.getByLabel(/^Username/).fill(account.username);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('signing out in one browser leaves another browser signed in', async ({ browser, request }) => {
  test.slow(); // two browsers, each signing in through the form
  const account = await registerAccount(request);
  await signOwnWaiver(request, account);
  const phone = await signedInBrowser(browser, account);
  const laptop = await signedInBrowser(browser, account);

  await laptop.goto('/profile');
  await expect(devices(laptop).getByRole('listitem')).toHaveCount(3); // the API's registration, the phone, the laptop
  await expect(devices(laptop).getByText('This device')).toHaveCount(1);
  await shot(laptop, 'profile-devices');

  await phone.getByRole('button', { name: /Account menu for/ }).click();
  await phone.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(phone).toHaveURL(/\/$/);
  await phone.goto('/dashboard');
  await expect(phone).toHaveURL(/\/login\?next=%2Fdashboard$/);

  await laptop.reload();
  // Start-up verifies the stored session again before the page shows.
  await expect(laptop.getByRole('heading', { name: 'Profile' })).toBeVisible({ timeout: 30_000 });
  await expect(laptop).toHaveURL(/\/profile$/);
  await expect(devices(laptop).getByRole('listitem')).toHaveCount(2);
  await laptop.goto('/dashboard');
  await expect(laptop.getByRole('heading', { name: /, Test$/ })).toBeVisible();
});

test('"Sign out everywhere" ends the sessions of every browser', async ({ browser, request }) => {
  test.slow(); // two browsers, each signing in through the form
  const account = await registerAccount(request);
  await signOwnWaiver(request, account);
  const phone = await signedInBrowser(browser, account);
  const laptop = await signedInBrowser(browser, account);

  await laptop.goto('/profile');
  await laptop.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(laptop).toHaveURL(/\/$/);
  await expect(laptop.getByRole('link', { name: 'Sign in' })).toBeVisible();

  // The phone was left on its dashboard: its session is over too.
  await phone.goto('/profile');
  await expect(phone).toHaveURL(/\/login\?next=%2Fprofile$/);
  expect(await phone.evaluate(() => localStorage.getItem('token'))).toBeNull();

  const res = await request.post('/graphql', {
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
    data: { query: '{ me { id } }' },
  });
  expect((await res.json()).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
});

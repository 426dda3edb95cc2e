import { expect, test } from '@playwright/test';
import { newMember } from './classSupport';
import { openSignedIn, registerAccount, shot, signOwnWaiver } from './support';

test('logging out in one tab signs out the other', async ({ context, request }) => {
  const account = await registerAccount(request);
  await signOwnWaiver(request, account);
  const tabA = await context.newPage();
  const tabB = await context.newPage();
  await openSignedIn(tabA, account, '/dashboard');
  await tabB.goto('/profile');
  await expect(tabA.getByRole('heading', { name: /, Test$/ })).toBeVisible();
  await expect(tabB.getByRole('heading', { name: 'Profile' })).toBeVisible();

  await tabA.getByRole('button', { name: /Account menu for/ }).click();
  await tabA.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(tabA).toHaveURL(/\/$/);
  await expect(tabA.getByRole('link', { name: 'Sign in' })).toBeVisible();

  // The other tab hears the token go and leaves its signed-in page for /login, which would bring it back.
  await expect(tabB).toHaveURL(/\/login\?next=%2Fprofile$/);
  expect(await tabB.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('userData')])).toEqual([null, null]);
  await shot(tabB, 'other-tab-signed-out');

  // The server ended the session these tabs shared: its token no longer works.
  const res = await request.post('/graphql', {
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
    data: { query: '{ me { id } }' },
  });
  const body = await res.json();
  expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
});

test('a revoked token on start-up sends a signed-in page to /login', async ({ page, request }) => {
  const account = await registerAccount(request);
  await signOwnWaiver(request, account);
  await request.post('/graphql', {
    headers: { 'content-type': 'application/json', authorization: `Bearer ${account.token}` },
    data: { query: 'mutation { logout }' },
  });
  await openSignedIn(page, account, '/profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the 404 page', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await shot(page, 'not-found');
});

test('a student is sent from /admin/users to /dashboard', async ({ page, request }) => {
  const student = await newMember(request, 'Sam');
  await openSignedIn(page, student, '/admin/users');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /, Sam$/ })).toBeVisible();
});

test('signed out, a signed-in page goes to /login and public pages stay', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard$/);
  for (const path of ['/', '/register', '/forgot-password', '/calendar', '/check-in']) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await page.goto('/calendar');
  await expect(page.getByRole('button', { name: 'Cart' })).toHaveCount(0);
});

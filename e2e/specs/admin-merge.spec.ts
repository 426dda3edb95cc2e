import { expect, test, type Page } from '@playwright/test';
import { createClass, newMember, staffBook, studioClock } from './classSupport';
import { loginViaApi, openSignedIn, shot, uniqueSurname } from './support';

/** The bookings the students table shows for the one student a search for `username` finds. */
async function bookingsShown(page: Page, username: string) {
  await page.getByRole('searchbox', { name: 'Search students' }).fill(username);
  await expect(page.getByText(/^1 student$/)).toBeVisible();
  return page.getByRole('row').filter({ hasText: username }).locator('[data-field="bookings"]');
}

/** /admin/users: two sign-ups of one person are merged in the drawer, and the duplicate's bookings move to the kept one. */
test('merges a duplicate account into the kept one and its bookings move', async ({ page, request }) => {
  // Two sign-ups (scrypt each), three classes and three pages: more than a quick test's time on a busy machine.
  test.slow();
  const surname = uniqueSurname('Moreau');
  const kept = await newMember(request, 'Dana', surname);
  const duplicate = await newMember(request, 'Dana', surname);
  const [a, b, c] = [
    await createClass(request, { at: { date: studioClock(9 * 24 * 60).date, time: '06:05' } }),
    await createClass(request, { at: { date: studioClock(10 * 24 * 60).date, time: '06:05' } }),
    await createClass(request, { at: { date: studioClock(11 * 24 * 60).date, time: '06:05' } }),
  ];
  await staffBook(request, a.id, kept.user.id);
  await staffBook(request, b.id, duplicate.user.id);
  await staffBook(request, c.id, duplicate.user.id);
  const admin = await loginViaApi(request, 'admin');

  await openSignedIn(page, admin, '/admin/students');
  await expect(await bookingsShown(page, kept.username)).toHaveText('1');
  await expect(await bookingsShown(page, duplicate.username)).toHaveText('2');

  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Search users' }).fill(duplicate.username);
  await expect(page.getByText(/^1 account$/)).toBeVisible();
  await page.getByText(`Dana ${surname}`).first().click();
  const drawer = page.getByRole('dialog', { name: `Dana ${surname}` });
  await drawer.getByRole('button', { name: 'Merge into…' }).click();
  const dialog = page.getByRole('dialog', { name: `Merge Dana ${surname} into another account` });
  await dialog.getByLabel('Find the account to keep').fill(kept.username);
  await dialog.getByRole('button', { name: new RegExp(`@${kept.username}`) }).click();
  await expect(dialog.getByRole('region', { name: 'Duplicate' })).toContainText(`@${duplicate.username}`);
  await expect(dialog.getByRole('region', { name: 'Kept account' })).toContainText(`@${kept.username}`);
  await shot(page, 'admin-merge-confirm');
  await dialog.getByRole('button', { name: 'Merge into Dana' }).click();
  await expect(dialog.getByText(/^Moved 2 bookings/)).toBeVisible();
  await expect(dialog.getByText(`@${duplicate.username} is deactivated and signed out everywhere.`)).toBeVisible();
  await shot(page, 'admin-merge-done');
  await dialog.getByRole('button', { name: 'Open Dana’s account' }).click();
  await expect(page.getByRole('dialog', { name: `Dana ${surname}` }).getByText(`@${kept.username}`)).toBeVisible();

  // On the server: the kept account has all three bookings; the duplicate cannot sign in any more.
  await page.goto('/admin/students');
  await expect(await bookingsShown(page, kept.username)).toHaveText('3');
  await expect(await bookingsShown(page, duplicate.username)).toHaveText('0');
  const login = await request.post('/graphql', {
    data: {
      query: `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { token } }`,
      variables: { u: duplicate.username, p: duplicate.password },
    },
  });
  expect(((await login.json()) as { errors?: unknown[] }).errors?.length).toBeGreaterThan(0);
});

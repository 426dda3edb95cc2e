import { expect, test } from '@playwright/test';
import { newMember } from './classSupport';
import { expectAccessible, loginViaApi, openSignedIn, shot, uniqueSurname } from './support';

/** /admin/users: an admin finds one member among many by part of their email, opens them and changes their role. */
for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 800 : 812 } });

    test('finds a member by a partial email, opens the drawer and changes the role', async ({ page, request }, testInfo) => {
      // Three sign-ups (scrypt each) and two axe runs: more than a quick test's time on a busy machine.
      test.slow();
      const surname = uniqueSurname('Haddad');
      const members = [];
      for (const first of ['Amal', 'Basma', 'Celine']) members.push(await newMember(request, first, surname));
      const target = members[2];
      const admin = await loginViaApi(request, 'admin');
      await openSignedIn(page, admin, '/admin/users');
      await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
      await expect(page.getByText(/^(about )?[\d,]+ accounts$/)).toBeVisible();
      await expectAccessible(page, testInfo, `admin-users-${width}`);
      await shot(page, `admin-users-${width}`);

      // Part of the address only (the generated username's middle), in capitals: the search ignores case.
      const email = `${target.username}@example.test`;
      await page.getByRole('searchbox', { name: 'Search users' }).fill(email.slice(2, email.indexOf('@') - 1).toUpperCase());
      await expect(page.getByText(/^1 account$/)).toBeVisible();
      const name = `Celine ${surname}`;
      await page.getByText(name).first().click();
      const drawer = page.getByRole('dialog', { name });
      await expect(drawer.getByText(email)).toBeVisible();
      await expectAccessible(page, testInfo, `admin-user-drawer-${width}`);
      await shot(page, `admin-user-drawer-${width}`);

      await drawer.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'Instructor' }).click();
      await expect(drawer.getByText(/· Instructor ·/)).toBeVisible();
      await drawer.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByText('Instructor').first()).toBeVisible();
      // Saved on the server: a fresh page shows it too.
      await page.reload();
      await page.getByRole('searchbox', { name: 'Search users' }).fill(target.username);
      await expect(page.getByText(/^1 account$/)).toBeVisible();
      await expect(page.getByText('Instructor').first()).toBeVisible();
    });
  });
}

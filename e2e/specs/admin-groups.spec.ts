import { expect, test } from '@playwright/test';
import { newMember } from './classSupport';
import { expectAccessible, loginViaApi, openSignedIn, registerAccount, shot, uniqueName, uniqueSurname } from './support';

/**
 * /admin/groups: an admin makes a rule group (the current waiver not signed), sees its live count, opens its members
 * (the users table filtered by it), and from /admin/users adds a member to a new manual group.
 */
for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 800 : 812 } });

    test('makes a rule group, opens its members and adds a member to a manual group', async ({ page, request }, testInfo) => {
      // Three sign-ups (scrypt each) and three axe runs.
      test.slow();
      const surname = uniqueSurname('Moreau');
      await registerAccount(request, { firstName: 'Anouk', lastName: surname });
      await registerAccount(request, { firstName: 'Bastien', lastName: surname });
      await newMember(request, 'Camille', surname);
      const admin = await loginViaApi(request, 'admin');
      await openSignedIn(page, admin, '/admin/groups');
      await expect(page.getByRole('heading', { name: 'Groups', level: 1 })).toBeVisible();

      const ruleName = uniqueName('No waiver');
      await page.getByRole('button', { name: 'New group' }).click();
      const dialog = page.getByRole('dialog', { name: 'New group' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(ruleName);
      await dialog.getByText('Current waiver not signed').click();
      await expectAccessible(page, testInfo, `admin-group-dialog-${width}`);
      await shot(page, `admin-group-dialog-${width}`);
      await dialog.getByRole('button', { name: 'Create group' }).click();
      await expect(dialog).toBeHidden();
      const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: ruleName }) });
      await expect(row.getByText('current waiver not signed')).toBeVisible();
      // At least the two who have not signed: other specs' people share the database.
      await expect(row.getByText(/^(about )?[\d,]+ members?$/)).toBeVisible();
      const count = Number((await row.getByText(/members?$/).textContent())!.replace(/\D/g, ''));
      expect(count).toBeGreaterThanOrEqual(2);
      await expectAccessible(page, testInfo, `admin-groups-${width}`);
      await shot(page, `admin-groups-${width}`);

      // Its members: the users table filtered by the group.
      await row.getByRole('link', { name: ruleName }).click();
      await expect(page).toHaveURL(/\/admin\/users\?group=/);
      await expect(page.getByText(`Group: ${ruleName}`)).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search users' }).fill(surname);
      await expect(page.getByText(/^2 accounts$/)).toBeVisible();
      await expect(page.getByText(`Camille ${surname}`)).toHaveCount(0);
      await expectAccessible(page, testInfo, `admin-group-members-${width}`);
      await shot(page, `admin-group-members-${width}`);

      // Every account again, then one checked and added to a new manual group.
      await page.getByRole('img', { name: 'Clear the group filter' }).click();
      await expect(page.getByText(`Group: ${ruleName}`)).toBeHidden();
      await expect(page.getByText(/^3 accounts$/)).toBeVisible();
      const camille = `Camille ${surname}`;
      const box =
        width > 800
          ? page.getByRole('row', { name: new RegExp(camille) }).getByRole('checkbox')
          : page.getByRole('checkbox', { name: `Select ${camille}` });
      await box.check();
      const bar = page.getByRole('region', { name: 'Selected accounts' });
      await bar.getByRole('button', { name: 'Add to group' }).click();
      const add = page.getByRole('dialog', { name: 'Add 1 account to a group' });
      await add.getByRole('combobox', { name: 'Group' }).click();
      await page.getByRole('option', { name: 'New group…' }).click();
      const manualName = uniqueName('Showcase');
      await add.getByRole('textbox', { name: 'New group’s name' }).fill(manualName);
      await add.getByRole('button', { name: 'Add to group' }).click();
      await expect(page.getByText(`Added 1 member to “${manualName}”`)).toBeVisible();

      await page.goto('/admin/groups');
      const manual = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: manualName }) });
      await expect(manual.getByText('Added by hand')).toBeVisible();
      await expect(manual.getByText('1 member', { exact: true })).toBeVisible();
    });
  });
}

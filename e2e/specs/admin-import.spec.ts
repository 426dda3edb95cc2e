import { expect, test } from '@playwright/test';
import { expectAccessible, loginViaApi, openSignedIn, shot, uniqueSurname } from './support';

/**
 * /admin/import-export: an admin imports a CSV with one bad row, reads the report, fixes the file, checks and
 * imports it, sees the people on the Users page, and undoes the import.
 */
for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 800 : 812 } });

    test('imports a fixed file after reading the report, then undoes it', async ({ page, request }, testInfo) => {
      test.slow();
      const surname = uniqueSurname('Lindqvist');
      const file = (kidEmail: string) =>
        Buffer.from(
          [
            'First Name,Last Name,Email,Birthday',
            `Astrid,${surname},astrid.${surname.toLowerCase()}@example.test,1985-06-01`,
            `Nils,${surname},${kidEmail},2016-02-03`,
            `Freja,${surname},freja.${surname.toLowerCase()}@example.test,1992-11-20`,
          ].join('\n'),
        );
      const admin = await loginViaApi(request, 'admin');
      await openSignedIn(page, admin, '/admin/import-export');
      await expect(page.getByRole('heading', { name: 'Import', level: 2 })).toBeVisible();

      await page
        .getByLabel('CSV file to import')
        .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: file('nils-at-school') });
      const card = page.getByLabel('Import of people.csv', { exact: true });
      await expect(card.getByRole('combobox', { name: /First name/ })).toBeVisible();
      await card.getByRole('button', { name: 'Check the file' }).click();
      await expect(card.getByText('1 row has a problem')).toBeVisible({ timeout: 20_000 });
      await expect(
        card.getByRole('table', { name: 'Rows with problems' }).getByText('“nils-at-school” is not an email address.'),
      ).toBeVisible();
      await expect(card.getByRole('button', { name: /^Import \d/ })).toBeDisabled();
      await expectAccessible(page, testInfo, `admin-import-report-${width}`);
      await shot(page, `admin-import-report-${width}`);

      // The fixed file: Nils shares his mother's email and joins her family.
      await page
        .getByLabel('CSV file to import')
        .setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: file(`astrid.${surname.toLowerCase()}@example.test`) });
      await card.getByRole('button', { name: 'Check the file' }).click();
      await expect(card.getByText('3 new')).toBeVisible({ timeout: 20_000 });
      await expect(card.getByRole('table', { name: 'Preview' }).getByText(`Astrid ${surname}`).last()).toBeVisible();
      await card.getByRole('button', { name: 'Import 3 people' }).click();
      await expect(card.getByText(/^Imported .* by /)).toBeVisible({ timeout: 20_000 });
      await shot(page, `admin-import-done-${width}`);

      await page.goto('/admin/users');
      await page.getByRole('searchbox', { name: 'Search users' }).fill(surname);
      await expect(page.getByText(surname).first()).toBeVisible();

      // The open import is in the address: going back reopens it.
      await page.goBack();
      await expect(card.getByRole('button', { name: 'Undo this import' })).toBeVisible();
      await card.getByRole('button', { name: 'Undo this import' }).click();
      await expect(card.getByText(/^Undone on .*\. 3 records undone\.$/)).toBeVisible();
    });
  });
}

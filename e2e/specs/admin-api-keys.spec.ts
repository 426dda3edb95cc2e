import { expect, test } from '@playwright/test';
import { expectAccessible, loginViaApi, openSignedIn, shot, uniqueName } from './support';

const WEEK = `query { classSchedule(from: "2030-01-07", to: "2030-01-13") { id } }`;

/**
 * /admin/api-keys: an admin makes a key (shown once), an integration calls the API with it (its answer says what it
 * cost and what is left), the list shows its last use, and once revoked the key is refused.
 */
for (const width of [1366, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 800 : 812 } });

    test('makes a key, sees it used, revokes it', async ({ page, request }, testInfo) => {
      test.slow();
      const admin = await loginViaApi(request, 'admin');
      await openSignedIn(page, admin, '/admin/api-keys');
      await expect(page.getByRole('heading', { name: 'API Keys', level: 1 })).toBeVisible();

      const name = uniqueName('Booking widget');
      await page.getByRole('button', { name: 'New key' }).click();
      const dialog = page.getByRole('dialog', { name: 'New API key' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog
        .getByRole('group', { name: 'Schedule' })
        .getByRole('checkbox', { name: /schedule:read/ })
        .check();
      await dialog
        .getByRole('group', { name: 'Bookings' })
        .getByRole('checkbox', { name: /bookings:write/ })
        .check();
      await expectAccessible(page, testInfo, `admin-api-key-dialog-${width}`);
      await shot(page, `admin-api-key-dialog-${width}`);
      await dialog.getByRole('button', { name: 'Create key' }).click();

      const shown = page.getByRole('dialog', { name: `Key for “${name}”` });
      await expect(shown.getByText(/shown only this once/)).toBeVisible();
      const secret = await shown.getByRole('textbox', { name: 'API key' }).inputValue();
      expect(secret).toMatch(/^studio_[0-9A-Za-z]{32}_[0-9A-Za-z]{6}$/);
      await expectAccessible(page, testInfo, `admin-api-key-secret-${width}`);
      await shot(page, `admin-api-key-secret-${width}`);
      await shown.getByRole('button', { name: 'Done' }).click();
      await expect(shown).toBeHidden();

      const call = () => request.post('/graphql', { headers: { authorization: `Bearer ${secret}` }, data: { query: WEEK } });
      const answer = await call();
      expect(answer.status()).toBe(200);
      expect(answer.headers()['ratelimit-policy']).toBe('"cost";q=1000;w=20');
      expect((await answer.json()).extensions.cost.throttleStatus.maximumAvailable).toBe(1000);

      await page.reload();
      const row = page.getByRole('row').filter({ hasText: name });
      await expect(row.getByText('Active')).toBeVisible();
      await expect(row.getByText(/^from /)).toBeVisible();
      await expectAccessible(page, testInfo, `admin-api-keys-${width}`);
      await shot(page, `admin-api-keys-${width}`);

      await row.getByRole('button', { name: `Revoke ${name}` }).click();
      const confirm = page.getByRole('dialog', { name: `Revoke “${name}”?` });
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await expect(row.getByText('Revoked')).toBeVisible();
      expect((await call()).status()).toBe(401);
    });
  });
}

import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectAccessible, loginViaApi, openSignedIn, registerAccount, shot, uniqueSurname } from './support';

/**
 * /admin/email: an admin writes a mailing to a member chosen by name, sees who it reaches, sends it and follows it
 * to the member's state and into the outbox; /admin/import-export downloads the people table with that member.
 */
for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 800 : 812 } });

    test('sends a mailing to a chosen member and follows it; exports the people table', async ({ page, request }, testInfo) => {
      test.slow();
      const surname = uniqueSurname('Okonkwo');
      // Both widths run at once on one server: each mailing's subject is its own, so neither opens the other's.
      const subject = `Showcase tickets for ${surname}`;
      const member = await registerAccount(request, { firstName: 'Ifeoma', lastName: surname });
      const admin = await loginViaApi(request, 'admin');
      await openSignedIn(page, admin, '/admin/email');
      await expect(page.getByRole('heading', { name: 'Email', level: 1 })).toBeVisible();

      await page.getByRole('combobox', { name: 'Add people' }).fill(surname);
      await page.getByRole('option', { name: new RegExp(`Ifeoma ${surname}`) }).click();
      await expect(page.getByText('person receives it')).toBeVisible();
      await expect(page.getByText(`Ifeoma ${surname}`).first()).toBeVisible();
      await page.getByRole('textbox', { name: 'Subject' }).fill(subject);
      await page.getByRole('textbox', { name: 'Body' }).fill('Hi ');
      await page.getByRole('button', { name: 'First name' }).click();
      await expectAccessible(page, testInfo, `admin-email-compose-${width}`);
      await shot(page, `admin-email-compose-${width}`);

      await page.getByRole('button', { name: 'Preview' }).click();
      const preview = page.getByRole('dialog', { name: /^Preview for Ifeoma/ });
      await expect(preview.frameLocator('iframe').getByText('Hi Ifeoma')).toBeVisible();
      await preview.getByRole('button', { name: 'Close' }).click();

      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Send this mailing?' });
      await expect(confirm.getByText(/It goes to 1 person now/)).toBeVisible();
      await confirm.getByRole('button', { name: 'Send' }).click();
      await expect(page.getByRole('tab', { name: 'Sent', selected: true })).toBeVisible();
      const mailing = page.getByRole('listitem').filter({ hasText: subject });
      await mailing.getByRole('button', { name: `Recipients of ${subject}` }).click();
      const drawer = page.getByRole('dialog', { name: subject });
      // The e2e server has no SMTP server: the message is held in the outbox, which is its final state here.
      await expect(
        drawer
          .getByRole('listitem')
          .filter({ hasText: `Ifeoma ${surname}` })
          .getByText('Held (no mail server)'),
      ).toBeVisible({
        timeout: 20_000,
      });
      await expectAccessible(page, testInfo, `admin-email-recipients-${width}`);
      await page.keyboard.press('Escape');

      await page.getByRole('tab', { name: 'Outbox' }).click();
      await page.getByRole('textbox', { name: 'Search address or subject' }).fill(`${member.username}@example.test`);
      await page.getByRole('button', { name: `Open email to ${member.username}@example.test: ${subject}` }).click();
      const email = page.getByRole('dialog', { name: subject });
      await expect(email.frameLocator('iframe').getByRole('link', { name: 'Unsubscribe' })).toBeVisible();
      await shot(page, `admin-email-outbox-${width}`);
      await page.keyboard.press('Escape');

      await page.goto('/admin/import-export');
      const people = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'People' }) });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        people.getByRole('button', { name: 'Download People as CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^people-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv.split('\n')[0]).toBe(
        'id,first_name,last_name,username,email,phone,role,birthday,active,guardian_id,guardian_email,bookings,attended,no_shows,last_visit_at,created_at',
      );
      expect(csv).toContain(`,Ifeoma,${surname},${member.username},`);
      await expectAccessible(page, testInfo, `admin-import-export-${width}`);
      await shot(page, `admin-import-export-${width}`);
    });
  });
}

import { expect, test } from '@playwright/test';
import { expectAccessible, loginViaApi, openSignedIn, registerAccount, shot, signOwnWaiver, uniqueSurname } from './support';

// Publishing a version would ask every account of the run to sign again, so this spec opens the editor and leaves
// it; the API tests publish.
for (const width of [1280, 375]) {
  test(`an admin finds who has not signed, reminds them, opens a signature and the version editor (${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width > 800 ? 800 : 812 });
    const phone = width < 600;
    const family = uniqueSurname('Waiverton');
    const signed = await registerAccount(request, { firstName: 'Sina', lastName: family });
    await signOwnWaiver(request, signed);
    await registerAccount(request, { firstName: 'Nico', lastName: family });
    const admin = await loginViaApi(request, 'admin');

    await openSignedIn(page, admin, '/admin/waivers');
    await expect(page.getByRole('heading', { name: 'Waivers', level: 1 })).toBeVisible();
    await expect(page.getByText(/^Members sign version \d+: ASTRO-WAIVER-2025/)).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search people' }).fill(family);
    await expect(page.getByText('2 people', { exact: true })).toBeVisible();
    const rows = phone ? page.getByRole('list', { name: 'Waiver signatures' }) : page.getByRole('grid', { name: 'Waiver signatures' });
    await expect(rows).toContainText(`Nico ${family}`);
    await expect(rows).toContainText('Never signed');
    await expect(rows).toContainText('Signed current');
    await expectAccessible(page, testInfo, `admin-waivers-${width}`);
    await shot(page, `admin-waivers-${width}`);

    // The one still to sign gets a reminder, once.
    await page.getByRole('button', { name: 'Remind 1 missing' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remind 1 person?' });
    await expect(confirm).toContainText(`matching “${family}”`);
    await confirm.getByRole('button', { name: 'Send reminders' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Reminded 1 person in 1 email.' })).toBeVisible();
    await page.getByRole('button', { name: 'Remind 1 missing' }).click();
    await page.getByRole('dialog', { name: 'Remind 1 person?' }).getByRole('button', { name: 'Send reminders' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: '1 person already had a reminder today.' })).toBeVisible();

    // The signed one's record, with its PDF.
    await rows.getByText(`Sina ${family}`).click();
    const record = page.getByRole('dialog', { name: `Signature of Sina ${family}` });
    await expect(record).toContainText('ASTRO-WAIVER-2025 · version 1');
    await expect(record).toContainText(`Sina ${family} (themselves)`);
    await expectAccessible(page, testInfo, `admin-waivers-record-${width}`);
    await shot(page, `admin-waivers-record-${width}`);
    const download = page.waitForEvent('download');
    await record.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/^waiver-ASTRO-WAIVER-2025-v1-sina-/);
    await record.getByRole('button', { name: 'Close' }).click();

    // The versions, and the editor for the next one (left without publishing).
    await page.getByRole('tab', { name: 'Versions' }).click();
    await expect(page.getByText('Current', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'New version' }).click();
    const editor = page.getByRole('dialog', { name: /^New waiver version/ });
    await expect(editor.getByLabel(/^Document ID/)).toHaveValue('ASTRO-WAIVER-2025');
    await expect(editor.getByRole('group', { name: 'Section 1' }).getByLabel(/^Heading/)).toHaveValue('Assumption of Risk');
    await expectAccessible(page, testInfo, `admin-waivers-editor-${width}`);
    await shot(page, `admin-waivers-editor-${width}`);
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toBeHidden();
  });
}

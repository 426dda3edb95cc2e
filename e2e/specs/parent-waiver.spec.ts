import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { gql, loginViaForm, registerAccount, shot, yearsAgo } from './support';

const ADD = `mutation($input: FamilyMemberInput!) { addFamilyMember(input: $input) { id } }`;

test('a parent signs for the minor while the adult child’s box is disabled, then downloads the signed copy', async ({ page, request }) => {
  // A parent of our own, with a 10-year-old and a 19-year-old, like the demo parent.
  const parent = await registerAccount(request, { parent: true, firstName: 'Paula' });
  await gql(request, ADD, { input: { firstName: 'Mia', lastName: 'Parent', birthday: yearsAgo(10) } }, parent.token);
  await gql(request, ADD, { input: { firstName: 'Leo', lastName: 'Parent', birthday: yearsAgo(19) } }, parent.token);

  await loginViaForm(page, parent.username, parent.password);
  await expect(page).toHaveURL(/\/waiver$/);
  const you = page.getByRole('checkbox', { name: /Paula Parent \(you\)/ });
  const mia = page.getByRole('checkbox', { name: /Mia Parent/ });
  const leo = page.getByRole('checkbox', { name: /Leo Parent/ });
  await expect(you).toBeChecked();
  await expect(mia).toBeChecked();
  await expect(leo).toBeDisabled();
  await expect(leo).not.toBeChecked();
  await expect(page.getByText('Leo is 18 or older and must sign the waiver with their own account.')).toBeVisible();
  await shot(page, 'waiver-parent-family');

  // With nobody selected the family gets the selection message.
  await you.uncheck();
  await mia.uncheck();
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('button', { name: 'Sign Waiver(s)' }).click();
  await expect(page.getByTestId('toast')).toContainText('Selection required');
  await expect(page.getByTestId('toast')).toContainText('Please select at least one person to sign for.');

  await you.check();
  await mia.check();
  // The signature: the parent's full name typed (case and spaces do not matter) and a stroke drawn on the pad.
  const fullName = page.getByRole('textbox', { name: /Full name/ });
  await fullName.fill('paula  parent');
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  for (const [x, y] of [
    [0.25, 0.3],
    [0.4, 0.7],
    [0.55, 0.3],
    [0.7, 0.65],
    [0.85, 0.4],
  ])
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 5 });
  await page.mouse.up();
  await shot(page, 'waiver-parent-signature');
  await page.getByRole('button', { name: 'Sign Waiver(s)' }).click();
  await expect(page.getByTestId('toast')).toContainText('Waivers signed successfully');
  await page.waitForURL(/\/dashboard$/);

  // /waiver now shows what was signed, for whom and when, with a PDF copy each; no form is left to fill.
  await page.goto('/waiver');
  const records = page.getByRole('list', { name: 'Signed waivers' });
  await expect(records.getByRole('listitem')).toHaveCount(2);
  const miaRecord = records.getByRole('listitem').filter({ hasText: 'Mia Parent' });
  await expect(miaRecord).toContainText('ASTRO-WAIVER-2025 · version 1 · signed');
  await expect(miaRecord).toContainText('Signed by Paula Parent (parent or guardian) · typed “paula parent” · drawn');
  await expect(records.getByRole('listitem').filter({ hasText: 'Paula Parent (you)' })).toContainText('Signed themselves');
  await expect(page.getByRole('button', { name: 'Sign Waiver(s)' })).toHaveCount(0);
  await expect(page.getByText('Leo is 18 or older and must sign the waiver with their own account.')).toBeVisible();
  await shot(page, 'waiver-on-record');

  const [download] = await Promise.all([page.waitForEvent('download'), miaRecord.getByRole('button', { name: /Download PDF/ }).click()]);
  expect(download.suggestedFilename()).toMatch(/^waiver-ASTRO-WAIVER-2025-v1-mia-parent-\d{4}-\d{2}-\d{2}\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  await page.goto('/family');
  const miaCard = page.getByRole('listitem').filter({ hasText: 'Mia Parent' });
  const leoCard = page.getByRole('listitem').filter({ hasText: 'Leo Parent' });
  await expect(miaCard).toContainText('Waiver signed');
  await expect(miaCard).toContainText('Age 10');
  await expect(leoCard).toContainText('Waiver not signed');
  await expect(leoCard).toContainText('Age 19');
  await shot(page, 'family-after-signing');
});

import { expect, test } from '@playwright/test';
import { gql, loginViaForm, registerAccount, shot, yearsAgo } from './support';

const ADD = `mutation($input: FamilyMemberInput!) { addFamilyMember(input: $input) { id } }`;

test('a parent signs for the minor while the adult child’s box is disabled', async ({ page, request }) => {
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
  await page.getByRole('button', { name: 'Sign Waiver(s)' }).click();
  await expect(page.getByTestId('toast')).toContainText('Waivers signed successfully');
  await page.waitForURL(/\/dashboard$/);

  await page.goto('/family');
  const miaCard = page.getByRole('listitem').filter({ hasText: 'Mia Parent' });
  const leoCard = page.getByRole('listitem').filter({ hasText: 'Leo Parent' });
  await expect(miaCard).toContainText('Waiver signed');
  await expect(miaCard).toContainText('Age 10');
  await expect(leoCard).toContainText('Waiver not signed');
  await expect(leoCard).toContainText('Age 19');
  await shot(page, 'family-after-signing');
});

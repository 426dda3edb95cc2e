import { expect, test } from '@playwright/test';
import { money, newMember, STUDIO_TZ } from './classSupport';
import { expectAccessible, loginViaApi, openSignedIn, shot, uniqueSurname } from './support';

test.use({ timezoneId: STUDIO_TZ });

test('an admin creates and sends an invoice; the member pays it through the test provider; the admin table shows it paid', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const member = await newMember(request, 'Harper', uniqueSurname('Hale'));
  const name = `Harper ${member.user.lastName}`;
  const admin = await loginViaApi(request, 'admin');

  // The admin makes the invoice in the dialog and sends it at once.
  await openSignedIn(page, admin, '/admin/invoices');
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New invoice' }).click();
  const dialog = page.getByRole('dialog', { name: 'New invoice' });
  await dialog.getByRole('combobox', { name: 'Member' }).fill(member.username);
  await page.getByRole('option').filter({ hasText: name }).click();
  await dialog.getByRole('textbox', { name: 'Description' }).fill('Private lesson, 60 minutes');
  await dialog.getByRole('textbox', { name: 'Price ($)' }).fill('85');
  await dialog.getByRole('button', { name: 'Add line' }).click();
  await dialog.getByRole('textbox', { name: 'Description' }).nth(1).fill('Silks rental');
  await dialog.getByRole('textbox', { name: 'Price ($)' }).nth(1).fill('12.50');
  await expect(dialog.getByRole('status')).toHaveText(`Total ${money(9750)}`);
  await shot(page, 'admin-invoice-dialog-1280');
  await dialog.getByRole('button', { name: 'Save and send' }).click();
  await expect(page.getByTestId('toast')).toContainText('Invoice sent');
  await expect(dialog).toBeHidden();

  // The member finds it on /profile and pays it: cart → test provider → /invoice-payment-success.
  await openSignedIn(page, member, '/profile#invoices');
  const row = page.getByTestId('my-invoice').first();
  await expect(row).toContainText(money(9750));
  await expect(row).toContainText('Open');
  await shot(page, 'profile-invoices-1280');
  await row.getByRole('button', { name: /^Pay INV-/ }).click();
  await expect(page.getByRole('heading', { name: 'Test payment — no card is charged' })).toBeVisible();
  await page.getByRole('button', { name: `Pay ${money(9750)}` }).click();
  await expect(page).toHaveURL(/\/invoice-payment-success\?session_id=cs_test_local_/);
  await expect(page.getByTestId('invoice-paid')).toContainText('Thank you — your invoice is paid');
  await expectAccessible(page, testInfo, 'invoice-payment-success-1280');
  await shot(page, 'invoice-payment-success-1280');
  await openSignedIn(page, member, '/profile#invoices');
  await expect(page.getByTestId('my-invoice').first()).toContainText('Paid');
  await expect(page.getByTestId('my-invoice').first().getByRole('button', { name: 'Receipt' })).toBeVisible();

  // The admin table shows it paid by card, in the totals too.
  await openSignedIn(page, admin, '/admin/invoices');
  await page.getByRole('searchbox', { name: 'Search members' }).fill(member.username);
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Paid');
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText('Card (online)');
  await expect(page.getByTestId('invoice-total-paid')).toHaveText(money(9750));
  await expectAccessible(page, testInfo, 'admin-invoices-1280');
  await shot(page, 'admin-invoices-1280');

  await page.setViewportSize({ width: 375, height: 812 });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await shot(page, 'admin-invoices-375');
  await page.getByRole('button', { name: 'New invoice' }).click();
  await expect(page.getByRole('dialog', { name: 'New invoice' })).toBeVisible();
  await shot(page, 'admin-invoice-dialog-375');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await openSignedIn(page, member, '/profile#invoices');
  await expect(page.getByTestId('my-invoice').first()).toContainText('Paid');
  await shot(page, 'profile-invoices-375');
});

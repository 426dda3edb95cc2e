import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { money, newMember, STUDIO_TZ } from './classSupport';
import { expectAccessible, gql, loginViaApi, openSignedIn, shot, uniqueSurname, type TestAccount } from './support';

test.use({ timezoneId: STUDIO_TZ });

const CATALOG = `{ posCatalog { name variantId stock } }`;
async function stockOf(request: APIRequestContext, admin: TestAccount, name: string): Promise<number | null> {
  const { posCatalog } = await gql(request, CATALOG, {}, admin.token);
  return posCatalog.find((i: { name: string }) => i.name === name).stock;
}

const tile = (page: Page, name: string) => page.getByTestId('pos-item').filter({ hasText: name });

test('the front desk sells block chalk and a protein bar for cash with a discount, hands back change, sends and downloads the receipt', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  const admin = await loginViaApi(request, 'admin');
  const member = await newMember(request, 'Posy', uniqueSurname('Penn'));
  const name = `Posy ${member.user.lastName}`;
  const email = `${member.username}@example.test`;
  const chalkBefore = await stockOf(request, admin, 'Block chalk');
  const barBefore = await stockOf(request, admin, 'Protein bar');

  await openSignedIn(page, admin, '/admin/pos');
  await expect(page.getByRole('heading', { name: 'Point of Sale', level: 1 })).toBeVisible();
  await expect(tile(page, 'Block chalk')).toBeVisible();
  await expect(tile(page, 'Knee pads')).toBeDisabled();
  await expect(tile(page, 'Knee pads')).toContainText('Sold out');
  await shot(page, 'pos-empty-1024');

  // The member, found by username; then the items (a second tap adds one more).
  await page.getByLabel('Member (name, username or scan QR)').fill(member.username);
  await page.getByRole('listitem').filter({ hasText: name }).click();
  await expect(page.getByTestId('pos-member')).toContainText(name);
  await tile(page, 'Block chalk').click();
  await expect(page.getByTestId('pos-line')).toHaveCount(1);
  await page.getByRole('tab', { name: 'Snacks' }).click();
  await tile(page, 'Protein bar').click();
  await tile(page, 'Protein bar').click();
  await expect(page.getByTestId('pos-line').filter({ hasText: 'Protein bar' })).toContainText('2 ×');
  const totalBefore = await page.getByTestId('pos-total').innerText();
  // A third line: the lines scroll, the sale's actions stay on the 1024×768 screen.
  await page.getByRole('tab', { name: 'All' }).click();
  await tile(page, 'Lyra tape').click();
  await expect(page.getByTestId('pos-line')).toHaveCount(3);
  for (const name of [/^Pay cash/, /^Charge to account/, /^Discount sale$/, /^Clear sale$/])
    await expect(page.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
  await page.getByRole('button', { name: /^One less Lyra tape/ }).click();
  await expect(page.getByTestId('pos-line')).toHaveCount(2);

  // A discount on the sale, with its reason.
  await page.getByRole('button', { name: 'Discount sale' }).click();
  const discount = page.getByRole('dialog', { name: 'Discount the sale' });
  await discount.getByLabel('Amount off ($)').fill('1');
  await discount.getByRole('button', { name: 'Apply' }).click();
  await expect(discount.getByText('Give a reason for the discount.')).toBeVisible();
  await discount.getByRole('button', { name: 'Loyal member' }).click();
  await discount.getByRole('button', { name: 'Apply' }).click();
  await expect(discount).toBeHidden();
  await expect(page.getByTestId('pos-total')).not.toHaveText(totalBefore);
  const total = Math.round(Number((await page.getByTestId('pos-total').innerText()).replace(/[^0-9.]/g, '')) * 100);
  await expectAccessible(page, testInfo, 'pos-sale-1024');
  await shot(page, 'pos-sale-1024');
  for (const [width, height] of [
    [1280, 800],
    [375, 812],
  ]) {
    await page.setViewportSize({ width, height });
    await shot(page, `pos-sale-${width}`);
  }
  await page.setViewportSize({ width: 1024, height: 768 });

  // Cash: $20 handed over, the change shown before and after.
  await page.getByRole('button', { name: /^Pay cash/ }).click();
  const cash = page.getByRole('dialog', { name: 'Cash payment' });
  await cash.getByLabel('Cash received ($)').fill('20');
  await expect(cash.getByTestId('pos-change-preview')).toHaveText(`Change: ${money(2000 - total)}`);
  await shot(page, 'pos-cash-1024');
  await cash.getByRole('button', { name: 'Take cash' }).click();
  await expect(page.getByTestId('pos-change')).toHaveText(`Change due: ${money(2000 - total)}`);

  // The receipt: emailed through the outbox, downloaded as a PDF.
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByTestId('toast')).toContainText(`Emailed to ${email}`);
  const { outboxEmails } = await gql(request, `{ outboxEmails(pageSize: 50) { items { to kind text } } }`, {}, admin.token);
  const receipt = outboxEmails.items.find((e: { to: string; kind: string }) => e.to === email && e.kind === 'pos_receipt');
  expect(receipt.text).toContain('1 × Block chalk');
  expect(receipt.text).toContain(`Total: ${money(total)}`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download receipt (PDF)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^receipt-R-[0-9A-F]{8}\.pdf$/);
  expect(
    readFileSync((await file.path())!)
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');
  await shot(page, 'pos-paid-1024');

  // Stock went down by what was sold.
  expect(await stockOf(request, admin, 'Block chalk')).toBe(chalkBefore! - 1);
  expect(await stockOf(request, admin, 'Protein bar')).toBe(barBefore! - 2);

  // The end of the day shows the sale in cash.
  await page.getByRole('button', { name: 'End of day' }).click();
  const day = page.getByRole('dialog', { name: /^End of day/ });
  await expect(day.getByTestId('pos-day-sale').filter({ hasText: name })).toContainText(money(total));
  await expect(day.getByTestId('pos-day-report')).toContainText('Cash expected in the drawer');
  await expectAccessible(page, testInfo, 'pos-day-1024');
  await shot(page, 'pos-day-1024');
});

test('a walk-in pays by card: the register shows the checkout link as a QR code, the phone pays on the hosted page, the receipt appears', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  const admin = await loginViaApi(request, 'admin');
  await openSignedIn(page, admin, '/admin/pos');
  await page.getByRole('tab', { name: 'Snacks' }).click();
  await tile(page, 'Spring water').click();
  await expect(page.getByTestId('pos-line')).toHaveCount(1);
  const total = await page.getByTestId('pos-total').innerText();

  await page.getByRole('button', { name: 'Card (QR)' }).click();
  await expect(page.getByText(`Scan to pay ${total} by card`)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Card payment QR code' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel card payment' })).toBeInViewport({ ratio: 1 });
  await shot(page, 'pos-card-qr-1024');
  const link = await page.getByTestId('pos-card-link').getAttribute('href');

  // The customer's phone opens the link (what the QR code holds) and pays on the provider's page.
  const phone = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const customer = await phone.newPage();
  await customer.goto(link!);
  await customer.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(customer.getByText('Payment received — thank you!')).toBeVisible();
  await phone.close();

  // The register hears it from the webhook, without a reload.
  await expect(page.getByText(/Paid by card\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download receipt (PDF)' })).toBeVisible();
  await shot(page, 'pos-card-paid-1024');
});

test('a five-line sale shows every line at 1024×768, and the newest line stays in view with the member search open', async ({
  page,
  request,
}) => {
  const admin = await loginViaApi(request, 'admin');
  // Five items a tile names alone, in stock (the demo catalogue changes as other specs sell from it).
  const { posCatalog } = await gql(request, `{ posCatalog { name stock } }`, {}, admin.token);
  const items = (posCatalog as { name: string; stock: number | null }[]).filter(
    (i, _n, all) => i.stock !== null && i.stock > 2 && all.filter((o) => o.name.includes(i.name) || i.name.includes(o.name)).length === 1,
  );
  expect(items.length).toBeGreaterThanOrEqual(5);
  const lineInSight = async (name: string) => {
    const list = (await page.getByTestId('pos-lines').boundingBox())!;
    const line = (await page.getByTestId('pos-line').filter({ hasText: name }).boundingBox())!;
    expect(line.y, `${name} below the top of the list`).toBeGreaterThanOrEqual(list.y - 1);
    expect(line.y + line.height, `${name} above the foot of the list`).toBeLessThanOrEqual(list.y + list.height + 1);
  };

  await page.setViewportSize({ width: 1024, height: 768 });
  await openSignedIn(page, admin, '/admin/pos');
  for (const [n, item] of items.slice(0, 5).entries()) {
    await tile(page, item.name).click();
    await expect(page.getByTestId('pos-line')).toHaveCount(n + 1);
  }
  await expect(page.getByTestId('pos-line-count')).toHaveText('5 lines');
  for (const item of items.slice(0, 5)) await lineInSight(item.name);
  for (const name of [/^Pay cash/, /^Charge to account/, /^Discount sale$/, /^Clear sale$/])
    await expect(page.getByRole('button', { name })).toBeInViewport({ ratio: 1 });
  await shot(page, 'pos-five-lines-1024');

  // At 1280×800 with the member search showing its results, a line added is scrolled into sight.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel('Member (name, username or scan QR)').fill('an');
  await expect(page.getByRole('listitem').first()).toBeVisible();
  await tile(page, items[0].name).click();
  await expect(page.getByTestId('pos-line').filter({ hasText: items[0].name })).toContainText('2 ×');
  await lineInSight(items[0].name);
  if (items[5]) {
    await tile(page, items[5].name).click();
    await expect(page.getByTestId('pos-line')).toHaveCount(6);
    await lineInSight(items[5].name);
  }
  await shot(page, 'pos-member-search-1280');
  await page.getByRole('button', { name: 'Clear sale' }).click();
  await expect(page.getByTestId('pos-line')).toHaveCount(0);
});

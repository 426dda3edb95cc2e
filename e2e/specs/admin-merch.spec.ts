import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { expectAccessible, loginViaApi, openSignedIn, SCREENS, shot, uniqueName } from './support';

/** What the screen shows (a drawer or a dialog scrolls inside the window), without the toasts in front of it. */
async function screenShot(page: Page, name: string): Promise<void> {
  // (By CSS: an open dialog hides the toasts from the accessibility tree. A toast may also leave by itself meanwhile.)
  await page.mouse.move(0, 0);
  for (const close of await page.getByTestId('toast').locator('button[aria-label="Close"]').all())
    await close.click({ timeout: 2000 }).catch(() => undefined);
  await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 15_000 });
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) });
}

/** A real PNG (a soft diagonal gradient in the studio's colours), made here so the spec needs no image files. */
function gradientPng(width: number, height: number): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      row[1 + x * 3] = Math.round(120 + 110 * t);
      row[2 + x * 3] = Math.round(70 + 60 * (1 - t));
      row[3 + x * 3] = Math.round(170 + 60 * (1 - t));
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const width of [1280, 375]) {
  test(`an admin adds a product with options, uploads its picture and adjusts stock with a reason (${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000); // a whole admin flow with five accessibility checks
    await page.setViewportSize({ width, height: width > 800 ? 800 : 812 });
    const phone = width < 600;
    const name = uniqueName('Grip socks');
    const admin = await loginViaApi(request, 'admin');
    await openSignedIn(page, admin, '/admin/merch');
    await expect(page.getByRole('heading', { name: 'Merch & Snacks Management', level: 1 })).toBeVisible();
    await expect(page.getByText(/^\d+ products$/)).toBeVisible();
    await expectAccessible(page, testInfo, `admin-merch-${width}`);
    await shot(page, `admin-merch-${width}`);

    // A new product with two sizes and their stock.
    await page.getByRole('button', { name: 'New product' }).click();
    const form = page.getByRole('dialog', { name: 'New product' });
    await form.getByLabel(/^Name/).fill(name);
    await form.getByLabel(/^Description/).fill('Non-slip studio socks for pole and lyra warm-ups.');
    await form.getByLabel(/^Price/).fill('14.50');
    await form.getByRole('button', { name: 'Add option' }).click();
    const [small, medium] = [form.getByRole('group', { name: 'Option 1' }), form.getByRole('group', { name: 'Option 2' })];
    await small.getByRole('textbox', { name: 'Option' }).fill('S');
    await small.getByRole('spinbutton', { name: 'Stock' }).fill('5');
    await medium.getByRole('textbox', { name: 'Option' }).fill('M');
    await medium.getByRole('spinbutton', { name: 'Stock' }).fill('2');
    await expectAccessible(page, testInfo, `admin-merch-new-product-${width}`);
    await screenShot(page, `admin-merch-new-product-${width}`);
    await form.getByRole('button', { name: 'Add product' }).click();
    await expect(page.getByTestId('toast')).toContainText('Product added');

    // Its drawer opens: options with stock (M is at the product's low-stock level of 3 or below).
    const drawer = page.getByRole('dialog', { name });
    const options = drawer.getByTestId('option');
    await expect(options).toHaveCount(2);
    await expect(options.nth(0)).toContainText('5 left');
    await expect(options.nth(1)).toContainText('2 left');
    await expect(options.nth(1)).toContainText('Low stock');

    // A picture: the cover, shown in the drawer and the table.
    await drawer.getByLabel('Image file').setInputFiles({ name: 'socks.png', mimeType: 'image/png', buffer: gradientPng(900, 600) });
    await expect(page.getByTestId('toast').filter({ hasText: 'Image added' })).toBeVisible();
    const cover = drawer.getByRole('img', { name: `${name}, cover image` });
    await expect(cover).toBeVisible();
    await expect(cover).toHaveAttribute('src', /^\/api\/product-images\/[0-9a-f-]+\/thumb\.webp$/);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);

    // A picture that is not an image is refused with a clear message.
    await drawer
      .getByLabel('Image file')
      .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
    await expect(drawer.getByRole('alert')).toContainText('The image must be a JPEG, PNG or WebP file.');
    await drawer.getByRole('alert').getByRole('button', { name: 'Close' }).click();

    // Stock: a delivery of 4 for S, with its reason; the history shows who, the change, why and the stock after.
    await options.nth(0).getByRole('button', { name: 'Adjust stock of S' }).click();
    const adjust = page.getByRole('dialog', { name: `Adjust stock · ${name}` });
    await adjust.getByLabel(/^How many/).fill('4');
    await adjust.getByRole('button', { name: 'Delivery from supplier' }).click();
    await expect(adjust.getByRole('status')).toHaveText('5 in stock now → 9 after this change.');
    await expectAccessible(page, testInfo, `admin-merch-adjust-${width}`);
    await screenShot(page, `admin-merch-adjust-${width}`);
    await adjust.getByRole('button', { name: 'Save change' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Stock updated' })).toContainText('S: 9 in stock.');
    await expect(options.nth(0)).toContainText('9 left');
    const history = drawer.getByTestId('stock-adjustment');
    await expect(history).toHaveCount(3);
    await expect(history.first()).toContainText('+4 · S');
    await expect(history.first()).toContainText('Delivery from supplier');
    await expect(history.first()).toContainText('Avery Stone');
    await expect(history.first().getByRole('cell').last()).toHaveText('9');
    await expect(history.nth(1)).toContainText('Initial stock');
    await expectAccessible(page, testInfo, `admin-merch-drawer-${width}`);
    await screenShot(page, `admin-merch-drawer-${width}`);
    await history.first().evaluate((row) => row.scrollIntoView({ block: 'center' }));
    await screenShot(page, `admin-merch-drawer-history-${width}`);

    // Back in the table, the row has the picture and the new total.
    await drawer.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('searchbox', { name: 'Search products' }).fill(name);
    const row = phone
      ? page.getByRole('list', { name: 'Products' }).getByRole('listitem')
      : page.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('11 left');
    await expect(row.locator('img')).toHaveAttribute('src', /thumb\.webp$/);
    await shot(page, `admin-merch-search-${width}`);

    // The shop shows the picture on the product's card.
    await page.goto('/merch');
    const card = page.getByTestId('product').filter({ hasText: name });
    await expect(card.locator('img')).toHaveAttribute('src', /thumb\.webp$/);
  });
}

import { expect, test } from '@playwright/test';
import { expectAccessible, gql, loginViaApi, openSignedIn, shot, uniqueName } from './support';

/** An apparatus and a move of the spec's own, with an alias no other run uses. */
async function ownMove(request: Parameters<typeof loginViaApi>[0], token: string) {
  const rig = `Rig ${uniqueName('')}`;
  const { saveApparatus } = await gql(
    request,
    `mutation($i: ApparatusInput!) { saveApparatus(input: $i) { id name } }`,
    { i: { name: rig } },
    token,
  );
  const alias = uniqueName('anchor');
  const name = `Jasmine ${uniqueName('')}`;
  await gql(
    request,
    `mutation($i: MoveInput!) { saveMove(input: $i) { id } }`,
    { i: { apparatusId: saveApparatus.id, name, level: 1, aliases: [alias] } },
    token,
  );
  return { rig, alias, name };
}

for (const width of [1280, 375]) {
  test(`an admin finds a move by alias, changes its level, and imports moves after a dry run (${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width > 800 ? 800 : 812 });
    const admin = await loginViaApi(request, 'admin');
    const { rig, alias, name } = await ownMove(request, admin.token);

    await openSignedIn(page, admin, '/admin/moves');
    await expect(page.getByRole('heading', { name: 'Moves Library' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search moves' }).fill(alias.toUpperCase());
    await expect(page.getByText('1 move', { exact: true })).toBeVisible();
    await expect(page.getByText(`Also: ${alias}`)).toBeVisible();
    await shot(page, `admin-moves-table-${width}`);
    await expectAccessible(page, testInfo, `admin-moves-table-${width}`);

    // Edit its level in the move dialog.
    if (width < 600) await page.getByRole('button', { name: new RegExp(name) }).click();
    else await page.getByRole('button', { name: `Edit ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await dialog.getByRole('combobox', { name: /^Level/ }).click();
    await page.getByRole('option', { name: 'Level 3' }).click();
    await shot(page, `admin-moves-dialog-${width}`);
    await expectAccessible(page, testInfo, `admin-moves-dialog-${width}`);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(/Level 3|^3$/).first()).toBeVisible();
    const check = await gql(request, `query($s: String) { adminMoves(search: $s) { items { name level } } }`, { s: alias }, admin.token);
    expect(check.adminMoves.items).toEqual([{ name, level: 3 }]);

    // CSV: a dry run first says what would change, line by line; Import then applies it.
    await page.getByRole('tab', { name: 'CSV import' }).click();
    const card = page.getByRole('region', { name: 'Import moves' });
    const added = `Mermaid ${uniqueName('')}`;
    await card
      .getByLabel('Import moves: CSV text')
      .fill(`apparatus,move,level,aliases\n${rig},${name},2,${alias}\n${rig},${added},1,\nNowhere,Ghost,1,\n`);
    await card.getByRole('button', { name: 'Dry run' }).click();
    const dry = card.getByRole('region', { name: 'Dry run report' });
    await expect(dry).toContainText('1 to add, 1 to change, 0 unchanged, 1 row refused');
    await expect(dry.getByRole('list', { name: 'Changes' })).toContainText(`Line 2: ${rig}: ${name} (level 3 → 2), changed: level`);
    await expect(dry.getByRole('list', { name: 'Changes' })).toContainText(`Line 3: ${rig}: ${added}, level 1`);
    await expect(dry.getByRole('list', { name: 'Refused rows' })).toContainText('Line 4: No apparatus called "Nowhere".');
    await shot(page, `admin-moves-dry-run-${width}`);
    await expectAccessible(page, testInfo, `admin-moves-dry-run-${width}`);
    await card.getByRole('button', { name: 'Import moves' }).click();
    await expect(card.getByRole('region', { name: 'Import report' })).toContainText('Imported: 1 added, 1 changed');

    await page.getByRole('tab', { name: 'Moves' }).click();
    await page.getByRole('searchbox', { name: 'Search moves' }).fill(added);
    await expect(page.getByText('1 move', { exact: true })).toBeVisible();

    await page.getByRole('tab', { name: 'Levels' }).click();
    await page.getByRole('combobox', { name: 'Apparatus' }).click();
    await page.getByRole('option', { name: 'Lyra', exact: true }).click();
    await expect(page.getByRole('list', { name: 'Levels of Lyra' }).getByRole('listitem').first()).toContainText(/Lyra .* = \d+ moves?/);
    await shot(page, `admin-moves-levels-${width}`);
    await expectAccessible(page, testInfo, `admin-moves-levels-${width}`);
  });
}

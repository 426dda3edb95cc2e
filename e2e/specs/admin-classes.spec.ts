import { expect, test } from '@playwright/test';
import { gql, loginViaApi, openSignedIn, shot } from './support';

/** /admin/classes: a class type, a studio closure and a weekly series made in the UI, then found in the Classes grid. */

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const shortDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A Monday at least `weeks` weeks ahead, past the demo schedule (so no other spec's classes share these dates). */
function mondayAhead(weeks: number): Date {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() + weeks * 7);
  while (d.getDay() !== 1) d.setDate(d.getDate() + 1);
  return d;
}
const plusDays = (d: Date, n: number) => {
  const c = new Date(d);
  c.setDate(c.getDate() + n);
  return c;
};

test('an admin creates a weekly series in the table UI and sees the new classes in the Classes grid', async ({ page, request }) => {
  test.setTimeout(90_000);
  const admin = await loginViaApi(request, 'admin');
  const name = `Lyra Flow ${Date.now().toString(36).slice(-6)}`;
  // Two weeks of Tuesdays and Thursdays, with a closure on the first Thursday: 4 dates, 3 classes.
  const monday = mondayAhead(11 + Math.floor(Math.random() * 30));
  const [start, end, closed] = [iso(monday), iso(plusDays(monday, 13)), iso(plusDays(monday, 3))];
  await page.setViewportSize({ width: 1280, height: 800 });

  // 1. A class type, through its dialog.
  await openSignedIn(page, admin, '/admin/classes?tab=types');
  await expect(page.getByRole('heading', { name: 'Class Management', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'New class type' }).click();
  const typeDialog = page.getByRole('dialog', { name: 'New class type' });
  await typeDialog.getByRole('button', { name: 'Create class type' }).click();
  await expect(typeDialog.getByText('Give the class type a name.')).toBeVisible();
  await expect(typeDialog.getByText('Choose an apparatus.')).toBeVisible();
  await typeDialog.getByLabel(/^Name/).fill(name);
  await typeDialog.getByRole('combobox', { name: /^Apparatus/ }).click();
  await page.getByRole('option', { name: 'Lyra' }).click();
  await typeDialog.getByRole('combobox', { name: /^Level/ }).click();
  await page.getByRole('option', { name: 'Level 2' }).click();
  await typeDialog.getByLabel(/^Capacity/).fill('5');
  await typeDialog.getByLabel(/^Drop-in price/).fill('24.50');
  await typeDialog.getByRole('combobox', { name: /^Default instructor/ }).click();
  await page.getByRole('option', { name: 'Theo Marsh' }).click();
  await typeDialog.getByRole('button', { name: 'Create class type' }).click();
  await expect(typeDialog).toBeHidden();
  await page.getByRole('searchbox', { name: 'Search class types' }).fill(name);
  const typeRow = page.getByRole('row').filter({ hasText: name });
  await expect(typeRow).toBeVisible();
  await expect(typeRow).toContainText('$24.50');
  await expect(typeRow).toContainText('Theo Marsh');

  // 2. A closure on one of the series' dates.
  await page.getByRole('tab', { name: 'Closures' }).click();
  await page.getByLabel(/^Date/).fill(closed);
  await page.getByLabel(/^Reason/).fill('Rigging inspection');
  await page.getByRole('button', { name: 'Add closure' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Rigging inspection' })).toBeVisible();

  // 3. The series.
  await page.getByRole('tab', { name: 'Weekly series' }).click();
  await page.getByRole('button', { name: 'New series' }).click();
  await page.getByRole('button', { name: 'Create series' }).click();
  await expect(page.getByText('Choose a class type.')).toBeVisible();
  await expect(page.getByText('Pick at least one weekday.')).toBeVisible();
  await page.getByRole('combobox', { name: /^Class type/ }).click();
  await page.getByRole('option', { name }).click();
  await page.getByRole('button', { name: 'Tue' }).click();
  await page.getByRole('button', { name: 'Thu' }).click();
  await expect(page.getByRole('button', { name: 'Thu' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByLabel(/^Start time/).fill('18:30');
  await page.getByLabel(/^First date/).fill(start);
  await page.getByLabel(/^Last date/).fill(end);
  const preview = page.getByRole('complementary', { name: 'Preview' });
  await expect(preview.getByText('3', { exact: true })).toBeVisible();
  await expect(preview.getByText(/Rigging inspection/)).toBeVisible();
  await shot(page, 'admin-series-form-1280');
  await page.getByRole('button', { name: 'Create series' }).click();

  await expect(page.getByText('3 classes created')).toBeVisible();
  await expect(page.getByText('1 date skipped for studio closures')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Dates skipped' })).toHaveText(shortDay(closed));
  await expect(page.getByRole('list', { name: 'Dates created' }).getByRole('listitem')).toHaveText([
    shortDay(iso(plusDays(monday, 1))),
    shortDay(iso(plusDays(monday, 8))),
    shortDay(iso(plusDays(monday, 10))),
  ]);
  await shot(page, 'admin-series-created-1280');

  // 4. The Classes grid, filtered to the new series.
  await page.getByRole('button', { name: 'View in Classes table' }).click();
  await expect(page.getByRole('tab', { name: 'Classes', selected: true })).toBeVisible();
  await expect(page.getByText('3 classes', { exact: true })).toBeVisible();
  const grid = page.getByRole('grid', { name: 'Classes' });
  const rows = grid.getByRole('row').filter({ hasText: name });
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText(shortDay(iso(plusDays(monday, 1))));
  await expect(rows.first()).toContainText('6:30 – 7:30 PM');
  await expect(rows.first()).toContainText('Theo Marsh');
  await expect(rows.first()).toContainText('0 / 5');

  // Sorting happens on the server: newest first.
  await grid.getByRole('columnheader', { name: 'Date' }).click();
  await expect(rows.first()).toContainText(shortDay(iso(plusDays(monday, 10))));
  await shot(page, 'admin-series-in-grid-1280');

  // The same classes through the search box, without the series filter.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('searchbox', { name: 'Search classes' }).fill(name);
  await expect(grid.getByRole('row').filter({ hasText: name })).toHaveCount(3);

  const { adminClassInstances } = await gql(
    request,
    `query($s: String) { adminClassInstances(search: $s, pageSize: 10) { total items { date startTime instructor { name } } } }`,
    { s: name },
    admin.token,
  );
  expect(adminClassInstances.total).toBe(3);
  expect(adminClassInstances.items.map((i: { date: string }) => i.date).sort()).toEqual([
    iso(plusDays(monday, 1)),
    iso(plusDays(monday, 8)),
    iso(plusDays(monday, 10)),
  ]);

  // 5. The series in its own table: end it a class earlier, then cancel it.
  await page.getByRole('tab', { name: 'Weekly series' }).click();
  await page.getByRole('searchbox', { name: 'Search series' }).fill(name);
  const seriesGrid = page.getByRole('grid', { name: 'Weekly series' });
  const seriesRow = seriesGrid.getByRole('row').filter({ hasText: name });
  await expect(page.getByText('1 series', { exact: true })).toBeVisible();
  await expect(seriesRow).toHaveCount(1);
  await expect(seriesRow).toContainText('Tue & Thu6:30 PM · 60 min · 5 spots');
  await expect(seriesRow).toContainText('3 to come');
  await expect(seriesRow).toContainText('Active');
  await shot(page, 'admin-series-table-1280');
  await seriesRow.getByRole('button', { name: new RegExp(`^Edit ${name}`) }).click();
  const edit = page.getByRole('dialog', { name: 'Edit series' });
  await edit.getByLabel('Last date').fill(iso(plusDays(monday, 9)));
  await expect(edit.getByText(/are cancelled; their booked members are told/)).toBeVisible();
  await edit.getByRole('button', { name: 'Save series' }).click();
  await expect(edit).toBeHidden();
  await expect(seriesRow).toContainText('2 to come');
  await seriesRow.getByRole('button', { name: new RegExp(`^Cancel ${name}`) }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this series?' });
  await expect(cancel).toContainText('The 2 classes still to come are cancelled.');
  await cancel.getByRole('button', { name: 'Cancel series' }).click();
  await expect(cancel).toBeHidden();
  // Active series only, by default: it has left the list; the Cancelled filter shows it.
  await expect(seriesRow).toHaveCount(0);
  await page.getByRole('combobox', { name: /^Status/ }).click();
  await page.getByRole('option', { name: 'Cancelled' }).click();
  await expect(seriesRow).toContainText('Cancelled');
  await expect(seriesRow).toContainText('0 to come');
});

test('an admin edits this and the following classes of a series, and cancels one with a reason', async ({ page, request }) => {
  test.setTimeout(60_000);
  const admin = await loginViaApi(request, 'admin');
  const { apparatuses } = await gql(request, `{ apparatuses { id name } }`);
  const { instructors } = await gql(request, `{ instructors { id name } }`);
  const name = `Straps Lab ${Date.now().toString(36).slice(-6)}`;
  const { createClassBlueprint } = await gql(
    request,
    `mutation($input: BlueprintInput!) { createClassBlueprint(input: $input) { id } }`,
    {
      input: {
        name,
        apparatusId: apparatuses[0].id,
        level: 2,
        durationMinutes: 60,
        defaultCapacity: 6,
        dropInPriceCents: 2000,
        defaultInstructorId: instructors[0].id,
      },
    },
    admin.token,
  );
  const monday = mondayAhead(45 + Math.floor(Math.random() * 20));
  const { createClassSeries } = await gql(
    request,
    `mutation($input: SeriesInput!) { createClassSeries(input: $input) { series { id } instances { id date } } }`,
    {
      input: {
        blueprintId: createClassBlueprint.id,
        weekdays: [3],
        startTime: '17:00',
        startDate: iso(monday),
        endDate: iso(plusDays(monday, 20)),
      },
    },
    admin.token,
  );
  expect(createClassSeries.instances).toHaveLength(3);

  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, admin, `/admin/classes?series=${createClassSeries.series.id}`);
  const grid = page.getByRole('grid', { name: 'Classes' });
  const rows = grid.getByRole('row').filter({ hasText: name });
  await expect(rows).toHaveCount(3);

  // Capacity 9 for the second class and every later one.
  await rows
    .nth(1)
    .getByRole('button', { name: /^Edit / })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit class' });
  await dialog.getByLabel('Capacity').fill('9');
  await dialog.getByRole('radio', { name: /This and following classes/ }).check();
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('2 classes updated')).toBeVisible();
  await expect(rows.nth(0)).toContainText('0 / 6');
  await expect(rows.nth(1)).toContainText('0 / 9');
  await expect(rows.nth(2)).toContainText('0 / 9');

  // Cancel the first one.
  await rows
    .nth(0)
    .getByRole('button', { name: /^Cancel / })
    .click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this class?' });
  await cancel.getByLabel('Reason (optional)').fill('Instructor away');
  await cancel.getByRole('button', { name: 'Cancel class' }).click();
  await expect(cancel).toBeHidden();
  await expect(rows.nth(0)).toContainText('Cancelled');
  await expect(rows.nth(0).getByRole('button', { name: /^Edit / })).toBeDisabled();
});

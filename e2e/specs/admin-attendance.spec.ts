import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { checkInSlot, newMember, staffBook } from './classSupport';
import { gql, loginViaApi, openSignedIn, shot } from './support';

/** /admin/attendance: a class starting now, its roster with manual marks, a person's history and the CSV export. */
test('an admin marks who came to a class, reads a student’s history and downloads the attendance CSV', async ({ page, request }) => {
  test.setTimeout(60_000);
  const admin = await loginViaApi(request, 'admin');
  const { apparatuses } = await gql(request, `{ apparatuses { id } }`);
  const { instructors } = await gql(request, `{ instructors { id } }`);
  const name = `Open Practice ${Date.now().toString(36).slice(-6)}`;
  // A short class of our own whose check-in is open now (on the studio's clock), so marks are open.
  const { createClassBlueprint } = await gql(
    request,
    `mutation($input: BlueprintInput!) { createClassBlueprint(input: $input) { id } }`,
    {
      input: {
        name,
        apparatusId: apparatuses[0].id,
        level: 1,
        durationMinutes: 15,
        defaultCapacity: 4,
        dropInPriceCents: 0,
        defaultInstructorId: instructors[0].id,
      },
    },
    admin.token,
  );
  const at = checkInSlot(15)!;
  const { createClassInstance } = await gql(
    request,
    `mutation($input: InstanceInput!) { createClassInstance(input: $input) { id date } }`,
    { input: { blueprintId: createClassBlueprint.id, date: at.date, startTime: at.time } },
    admin.token,
  );
  const rosa = await newMember(request, 'Rosa');
  const milo = await newMember(request, 'Milo');
  await staffBook(request, createClassInstance.id, rosa.user.id);
  await staffBook(request, createClassInstance.id, milo.user.id);

  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, admin, `/admin/attendance?class=${createClassInstance.id}`);
  const panel = page.getByRole('region', { name });
  const roster = panel.getByRole('list', { name: `Roster of ${name}` });
  await expect(roster.getByRole('listitem')).toHaveCount(2);
  await expect(panel.getByText('0 checked in')).toBeVisible();

  const rosaRow = roster.getByRole('listitem', { name: 'Rosa Member' });
  await rosaRow.getByRole('button', { name: `Mark Rosa Member present in ${name}` }).click();
  await expect(rosaRow.getByText(/^Checked in/)).toBeVisible();
  await expect(panel.getByText('1 checked in')).toBeVisible();
  // Before the class ends "absent" only undoes a check-in.
  await expect(roster.getByRole('button', { name: `Mark Milo Member absent in ${name}` })).toBeDisabled();
  await shot(page, 'admin-attendance-roster-1280');

  // Rosa's history shows the check-in.
  await page.getByRole('tab', { name: 'By student' }).click();
  await page.getByRole('combobox', { name: 'Find a person' }).fill(rosa.username);
  await page.getByRole('option', { name: /Rosa Member/ }).click();
  const history = page.getByRole('list', { name: 'Class history of Rosa' });
  await expect(history.getByRole('listitem').filter({ hasText: name })).toContainText('Checked in');

  // The CSV for that day, fetched with the session's token.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export attendance' });
  await dialog.getByLabel('From').fill(createClassInstance.date);
  await dialog.getByLabel('To').fill(createClassInstance.date);
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`attendance-${createClassInstance.date}-to-${createClassInstance.date}.csv`);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv.split('\n')[0]).toContain('attendance');
  const lines = csv.split('\n').filter((l) => l.includes(name));
  expect(lines).toHaveLength(2);
  expect(lines.find((l) => l.includes('Rosa'))).toContain('checked in');
  expect(lines.find((l) => l.includes('Milo'))).toContain('booked');
  await expect(dialog).toBeHidden();
});

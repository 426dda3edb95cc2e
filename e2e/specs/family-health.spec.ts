import { expect, test, type APIRequestContext } from '@playwright/test';
import { createClass, staffBook } from './classSupport';
import {
  expandClass,
  gql,
  newStaff,
  openSignedIn,
  registerAccount,
  shot,
  signOwnWaiver,
  uniqueSurname,
  yearsAgo,
  type TestAccount,
} from './support';

/** A child's allergies: a parent records them on /family, the instructor of the child's class sees them on the roster. */

const ALLERGY = 'Peanuts (carries an EpiPen)';

/** The day heading the page shows above a date's classes, e.g. "Saturday, November 28". */
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** A parent of our own (waiver signed) with a 9-year-old whose waiver they signed too. */
async function parentWithChild(request: APIRequestContext, lastName: string): Promise<{ parent: TestAccount; childId: string }> {
  const parent = await registerAccount(request, { parent: true, firstName: 'Paula', lastName });
  await signOwnWaiver(request, parent);
  const { addFamilyMember } = await gql(
    request,
    `mutation($input: FamilyMemberInput!) { addFamilyMember(input: $input) { id } }`,
    { input: { firstName: 'Mia', lastName, birthday: yearsAgo(9) } },
    parent.token,
  );
  await gql(request, `mutation($ids: [ID!]!) { signWaivers(userIds: $ids) { user { id } } }`, { ids: [addFamilyMember.id] }, parent.token);
  return { parent: { ...parent, user: { ...parent.user, waiverSigned: true } }, childId: addFamilyMember.id };
}

test("a parent adds a child's allergy on /family; the class's instructor sees it on the roster, another parent cannot", async ({
  page,
  request,
}) => {
  test.slow(); // two people's pages at two widths
  const lastName = uniqueSurname('Quill');
  const { parent, childId } = await parentWithChild(request, lastName);
  const instructor = await newStaff(request, 'instructor', 'Iona', uniqueSurname('Teach'));
  const target = await createClass(request, { instructorId: instructor.user.id });
  await staffBook(request, target.id, childId);

  // The parent records the allergy and an emergency contact in Mia's dialog.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, parent, '/family');
  const mia = page.getByRole('listitem').filter({ hasText: `Mia ${lastName}` });
  await mia.getByRole('button', { name: `Edit Mia ${lastName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Mia' });
  await dialog.getByLabel('Allergies').fill(ALLERGY);
  await dialog.getByLabel('Emergency contact', { exact: true }).fill('Rosa Quill');
  await dialog.getByLabel('Relationship').fill('Grandmother');
  await shot(page, 'family-health-dialog-1280');
  await dialog.getByRole('button', { name: 'Save' }).click();
  // A contact without a phone is refused in the form, with the reason under the field.
  await expect(dialog.getByText('Add a phone number for the emergency contact.')).toBeVisible();
  await dialog.getByLabel('Emergency contact phone').fill('+1 555 010 2000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(mia.getByText('Health details on file')).toBeVisible();
  await shot(page, 'family-health-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await mia.getByRole('button', { name: `Edit Mia ${lastName}` }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Mia' }).getByLabel('Allergies')).toHaveValue(ALLERGY);
  await page.waitForTimeout(400); // only for the screenshot: the dialog's fade-in, the earlier toast gone
  await shot(page, 'family-health-dialog-375');
  await page.getByRole('dialog', { name: 'Edit Mia' }).getByRole('button', { name: 'Cancel' }).click();

  // The instructor of Mia's class sees a discreet marker on the roster, and the details behind it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, instructor, '/class-instances');
  const day = page.getByRole('region', { name: dayLabel(target.date) });
  await expandClass(day.getByRole('button', { name: new RegExp(target.name) }).and(page.locator('[aria-controls]')));
  const row = page.getByRole('list', { name: `Roster of ${target.name}` }).getByRole('listitem', { name: `Mia ${lastName}` });
  await expect(row).toBeVisible();
  await expect(page.getByText(ALLERGY)).toHaveCount(0);
  await row.getByRole('button', { name: `Health details for Mia ${lastName}` }).click();
  const popover = page.getByRole('dialog', { name: `Health details for Mia ${lastName}` });
  await expect(popover.getByText(ALLERGY)).toBeVisible();
  await expect(popover.getByText('Rosa Quill (Grandmother) · +1 555 010 2000')).toBeVisible();
  await expect(popover).toHaveCSS('opacity', '1'); // the screenshot after the fade-in
  await shot(page, 'roster-health-1280');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 375, height: 812 });
  await row.getByRole('button', { name: `Health details for Mia ${lastName}` }).click();
  await expect(popover.getByText(ALLERGY)).toBeVisible();
  await expect(popover).toHaveCSS('opacity', '1');
  const box = (await popover.boundingBox())!;
  expect(box.x >= 0 && box.x + box.width <= 375).toBe(true);
  await shot(page, 'roster-health-375');

  // Another family's parent, with a child booked into the same class, never reaches it.
  const other = await parentWithChild(request, uniqueSurname('Other'));
  await staffBook(request, target.id, other.childId);
  const refused = async (query: string, variables: Record<string, unknown>) =>
    (
      await request
        .post('/graphql', { headers: { authorization: `Bearer ${other.parent.token}` }, data: { query, variables } })
        .then((r) => r.json())
    ).errors?.[0]?.extensions?.code;
  expect(await refused(`query($c: ID!) { classRoster(classInstanceId: $c) { attendeeHealth { allergies } } }`, { c: target.id })).toBe(
    'FORBIDDEN',
  );
  expect(await refused(`query($id: ID!) { user(id: $id) { health { allergies } } }`, { id: childId })).toBe('FORBIDDEN');
  expect(
    await refused(`mutation($p: ID!) { updateHealthDetails(personId: $p, input: { allergies: "none" }) { id } }`, { p: childId }),
  ).toBe('NOT_FOUND');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, other.parent, '/family');
  await expect(page.getByRole('heading', { name: `Mia ${other.parent.user.lastName}` })).toBeVisible();
  await expect(page.getByText('Health details on file')).toHaveCount(0);
  await expect(page.getByText(ALLERGY)).toHaveCount(0);
  // The instructor still sees only Mia's marker: the other child has none.
  await openSignedIn(page, instructor, '/class-instances');
  await expandClass(
    page
      .getByRole('region', { name: dayLabel(target.date) })
      .getByRole('button', { name: new RegExp(target.name) })
      .and(page.locator('[aria-controls]')),
  );
  const roster = page.getByRole('list', { name: `Roster of ${target.name}` });
  await expect(roster.getByRole('listitem', { name: `Mia ${other.parent.user.lastName}` })).toBeVisible();
  await expect(roster.getByRole('button', { name: /Health details for/ })).toHaveCount(1);
});

test('a member keeps their own health details on /profile', async ({ page, request }) => {
  const member = await registerAccount(request, { firstName: 'Sam', lastName: uniqueSurname('Okafor') });
  await signOwnWaiver(request, member);
  await page.setViewportSize({ width: 375, height: 812 });
  await openSignedIn(page, { ...member, user: { ...member.user, waiverSigned: true } }, '/profile#health');
  const form = page.getByRole('form', { name: 'Health and emergency details' });
  await form.getByLabel('Allergies').fill('Latex');
  await form.getByLabel('Emergency contact phone').fill('555 0100');
  await form.getByRole('button', { name: 'Save health details' }).click();
  await expect(form.getByText('Add the name of the emergency contact.')).toBeVisible();
  await form.getByLabel('Emergency contact', { exact: true }).fill('Ada Okafor');
  await form.getByRole('button', { name: 'Save health details' }).click();
  await expect(page.getByText('Health details saved')).toBeVisible();
  await form.scrollIntoViewIfNeeded();
  await shot(page, 'profile-health-375');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.reload();
  await expect(page.getByRole('form', { name: 'Health and emergency details' }).getByLabel('Allergies')).toHaveValue('Latex');
  await page.getByRole('form', { name: 'Health and emergency details' }).scrollIntoViewIfNeeded();
  await shot(page, 'profile-health-1280');
});

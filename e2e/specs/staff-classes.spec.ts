import { expect, test } from '@playwright/test';
import { createClass, newMember, staffBook } from './classSupport';
import { expandClass, gql, newStaff, openSignedIn, registerAccount, shot, uniqueSurname, yearsAgo } from './support';

/** /class-instances for staff: the classes they teach (two weeks from today) and each class's roster. */

const ROSTER = `query($id: ID!) { classRoster(classInstanceId: $id) { id attendee { firstName lastName } } }`;

/** The day heading the page shows above a date's classes, e.g. "Saturday, November 28". */
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

test('an instructor opens My Classes and sees the roster of a class with an attendee', async ({ page, request }) => {
  // An instructor of our own, a class they teach and a member booked into it.
  const instructor = await newStaff(request, 'instructor', 'Iona', uniqueSurname('Teach'));
  const target = await createClass(request, { instructorId: instructor.user.id });
  const member = await newMember(request, 'Sam', uniqueSurname('Okafor'));
  const name = `Sam ${member.user.lastName}`;
  await staffBook(request, target.id, member.user.id);

  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, instructor, '/class-instances');
  await expect(page.getByRole('heading', { name: 'My Classes', level: 1 })).toBeVisible();
  await expect(page.getByText('Next two weeks')).toBeVisible();

  const day = page.getByRole('region', { name: dayLabel(target.date) });
  // The class header; once open, the roster's own buttons mention the class too.
  const classButton = day.getByRole('button', { name: new RegExp(target.name) }).and(page.locator('[aria-controls]'));
  await expandClass(classButton);

  const roster = page.getByRole('list', { name: `Roster of ${target.name}` });
  const sam = roster.getByRole('listitem', { name });
  await expect(sam).toBeVisible();
  await expect(sam.getByText(/^Age \d+/)).toBeVisible();
  await expect(sam.getByText('Waiver signed')).toBeVisible();
  await expect(sam.getByText('Booked', { exact: true })).toBeVisible();
  // Marks open 30 minutes before class; days ahead they are not yet possible.
  await expect(sam.getByRole('button', { name: `Mark ${name} present in ${target.name}` })).toBeDisabled();
  await expect(page.getByText(/Attendance can be marked from .* \(30 minutes before class\)\./).first()).toBeVisible();
  await shot(page, 'my-classes-roster-1280');

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(sam).toBeVisible();
  await shot(page, 'my-classes-roster-375');
});

test('an instructor books a member into their class from the roster', async ({ page, request }) => {
  const instructor = await newStaff(request, 'instructor', 'Iona', uniqueSurname('Teach'));
  const member = await newMember(request, 'Rosa', uniqueSurname('Member'));
  const name = `Rosa ${member.user.lastName}`;
  // A class of theirs (without rig points), days ahead.
  const target = await createClass(request, { instructorId: instructor.user.id });

  await openSignedIn(page, instructor, '/class-instances');
  const day = page.getByRole('region', { name: dayLabel(target.date) });
  await day.getByRole('button', { name: new RegExp(target.name) }).click();
  const roster = page.getByRole('region', { name: new RegExp(target.name) });
  await roster.getByRole('button', { name: 'Add attendee' }).click();

  const dialog = page.getByRole('dialog', { name: `Add to ${target.name}` });
  await dialog.getByRole('combobox', { name: 'Attendee' }).fill(member.username);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  // Check-in is not open days ahead, so this is a direct (confirmed, unpaid) booking.
  await expect(dialog.getByRole('checkbox', { name: /Walk-in/ })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Book' }).click();
  await expect(dialog).toBeHidden();

  const rosa = roster.getByRole('list', { name: `Roster of ${target.name}` }).getByRole('listitem', { name });
  await expect(rosa).toBeVisible();
  await expect(rosa.getByText(/Booked by staff · unpaid|Booked by staff/)).toBeVisible();
  const { classRoster } = await gql(request, ROSTER, { id: target.id }, instructor.token);
  expect(classRoster.map((b: { attendee: { firstName: string } }) => b.attendee.firstName)).toContain('Rosa');
});

test('a parent sees their family’s upcoming classes on My Classes', async ({ page, request }) => {
  const parent = await registerAccount(request, { parent: true, firstName: 'Ada' });
  const { addFamilyMember } = await gql(
    request,
    `mutation($input: FamilyMemberInput!) { addFamilyMember(input: $input) { id } }`,
    { input: { firstName: 'Kit', lastName: 'Parent', birthday: yearsAgo(9) } },
    parent.token,
  );
  await gql(
    request,
    `mutation($ids: [ID!]!) { signWaivers(userIds: $ids) { user { id } } }`,
    { ids: [parent.user.id, addFamilyMember.id] },
    parent.token,
  );
  const hammock = await createClass(request, { type: 'Kids Hammock' });
  await gql(
    request,
    `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id status } } }`,
    { c: hammock.id, a: addFamilyMember.id },
    parent.token,
  );

  await openSignedIn(page, { ...parent, user: { ...parent.user, waiverSigned: true } }, '/class-instances');
  await expect(page.getByRole('heading', { name: 'My Classes', level: 1 })).toBeVisible();
  const day = page.getByRole('region', { name: dayLabel(hammock.date) });
  const card = day.getByRole('listitem').filter({ hasText: 'Kids Hammock' });
  await expect(card.getByText('Kit', { exact: true })).toBeVisible();
  await expect(card.getByText('Held in cart')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book a class' })).toBeVisible();
});

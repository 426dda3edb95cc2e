import { expect, test, type APIRequestContext } from '@playwright/test';
import { newMember } from './classSupport';
import { expandClass, gql, loginViaApi, openSignedIn, registerAccount, shot, uniqueSurname, yearsAgo, type TestAccount } from './support';

/** /class-instances for staff: the classes they teach (two weeks from today) and each class's roster. */

const TEACHING = `query($from: String!, $to: String!) { myTeachingClasses(from: $from, to: $to) { id date startTime status spotsLeft blueprint { name usesRigPoints } } }`;
const ROSTER = `query($id: ID!) { classRoster(classInstanceId: $id) { id attendee { firstName lastName } } }`;

interface TeachingClass {
  id: string;
  date: string;
  startTime: string;
  status: string;
  spotsLeft: number;
  blueprint: { name: string; usesRigPoints: boolean };
}

const isoDay = (offset: number) => {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** The day heading the page shows above a date's classes, e.g. "Saturday, November 28". */
const dayLabel = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' });

async function teachingClasses(request: APIRequestContext, instructor: TestAccount): Promise<TeachingClass[]> {
  // The page shows today and the 13 days after it.
  const data = await gql(request, TEACHING, { from: isoDay(0), to: isoDay(13) }, instructor.token);
  return data.myTeachingClasses;
}

test('an instructor opens My Classes and sees the roster of a class with an attendee', async ({ page, request }) => {
  const instructor = await loginViaApi(request, 'instructor');
  // The demo student is booked into one of the instructor's Silks Intro classes.
  let target: TeachingClass | undefined;
  for (const c of (await teachingClasses(request, instructor)).filter(
    (k) => k.blueprint.name === 'Silks Intro' && k.status === 'scheduled',
  )) {
    const { classRoster } = await gql(request, ROSTER, { id: c.id }, instructor.token);
    if (
      classRoster.some(
        (b: { attendee: { firstName: string; lastName: string } }) => b.attendee.firstName === 'Sam' && b.attendee.lastName === 'Okafor',
      )
    ) {
      target = c;
      break;
    }
  }
  expect(target, 'the demo student is booked into a Silks Intro in the next two weeks').toBeTruthy();

  await page.setViewportSize({ width: 1280, height: 800 });
  await openSignedIn(page, instructor, '/class-instances');
  await expect(page.getByRole('heading', { name: 'My Classes', level: 1 })).toBeVisible();
  await expect(page.getByText('Next two weeks')).toBeVisible();

  const day = page.getByRole('region', { name: dayLabel(target!.date) });
  // The class header; once open, the roster's own buttons mention the class too.
  const classButton = day.getByRole('button', { name: /Silks Intro/ }).and(page.locator('[aria-controls]'));
  await expandClass(classButton);

  const roster = page.getByRole('list', { name: 'Roster of Silks Intro' });
  const sam = roster.getByRole('listitem', { name: 'Sam Okafor' });
  await expect(sam).toBeVisible();
  await expect(sam.getByText(/^Age \d+/)).toBeVisible();
  await expect(sam.getByText('Waiver signed')).toBeVisible();
  await expect(sam.getByText('Booked', { exact: true })).toBeVisible();
  // Marks open 30 minutes before class; days ahead they are not yet possible.
  await expect(sam.getByRole('button', { name: 'Mark Sam Okafor present in Silks Intro' })).toBeDisabled();
  await expect(page.getByText(/Attendance can be marked from .* \(30 minutes before class\)\./).first()).toBeVisible();
  await shot(page, 'my-classes-roster-1280');

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(sam).toBeVisible();
  await shot(page, 'my-classes-roster-375');
});

test('an instructor books a member into their class from the roster', async ({ page, request }) => {
  const instructor = await loginViaApi(request, 'instructor');
  const member = await newMember(request, 'Rosa', uniqueSurname('Member'));
  const name = `Rosa ${member.user.lastName}`;
  // A class of theirs without rig points and with room, as late in the window as possible (fewest other bookings).
  const teaching = await teachingClasses(request, instructor);
  // Other specs give the instructor classes named like the demo's ('Straps Lab 1x2y3z' beside 'Straps Lab'): pick a
  // class whose name matches no other class of theirs that day, so the page's buttons name it unambiguously.
  const sameNameThatDay = (k: (typeof teaching)[number]) =>
    teaching.filter((o) => o.date === k.date && o.blueprint.name.includes(k.blueprint.name)).length;
  const classes = teaching.filter(
    (k) => k.status === 'scheduled' && !k.blueprint.usesRigPoints && k.spotsLeft >= 2 && k.date > isoDay(0) && sameNameThatDay(k) === 1,
  );
  const target = classes.at(-1);
  expect(target, 'a class with free spots').toBeTruthy();

  await openSignedIn(page, instructor, '/class-instances');
  const day = page.getByRole('region', { name: dayLabel(target!.date) });
  await day.getByRole('button', { name: new RegExp(target!.blueprint.name) }).click();
  const roster = page.getByRole('region', { name: new RegExp(target!.blueprint.name) });
  await roster.getByRole('button', { name: 'Add attendee' }).click();

  const dialog = page.getByRole('dialog', { name: `Add to ${target!.blueprint.name}` });
  await dialog.getByRole('combobox', { name: 'Attendee' }).fill(member.username);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  // Check-in is not open days ahead, so this is a direct (confirmed, unpaid) booking.
  await expect(dialog.getByRole('checkbox', { name: /Walk-in/ })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Book' }).click();
  await expect(dialog).toBeHidden();

  const rosa = roster.getByRole('list', { name: `Roster of ${target!.blueprint.name}` }).getByRole('listitem', { name });
  await expect(rosa).toBeVisible();
  await expect(rosa.getByText(/Booked by staff · unpaid|Booked by staff/)).toBeVisible();
  const { classRoster } = await gql(request, ROSTER, { id: target!.id }, instructor.token);
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
  const { classSchedule } = await gql(
    request,
    `query($from: String!, $to: String!) { classSchedule(from: $from, to: $to) { id date bookable spotsLeft blueprint { name usesRigPoints } } }`,
    { from: isoDay(1), to: isoDay(20) },
  );
  const hammock = classSchedule
    .filter(
      (c: { bookable: boolean; spotsLeft: number; blueprint: { name: string } }) =>
        c.blueprint.name === 'Kids Hammock' && c.bookable && c.spotsLeft >= 2,
    )
    .at(-1);
  expect(hammock, 'a bookable Kids Hammock class').toBeTruthy();
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

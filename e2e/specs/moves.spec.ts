import path from 'node:path';
import { expect, test } from '@playwright/test';
import { newMember, studioClock } from './classSupport';
import { gql, loginViaApi, openSignedIn, registerAccount, SCREENS, shot, signOwnWaiver, uniqueName } from './support';

/**
 * A student marks a move "learning" on My Moves; an instructor signs it off on /student-moves by tapping; the
 * student's open page shows it live; a class that requires the move refuses the student before and books after.
 */
test('a sign-off on /student-moves reaches My Moves live and opens a gated class', async ({ browser, request }) => {
  // Two browsers, a coach's sign-off travelling live, a booking and the chart: 46 s on a loaded CI run, over the
  // 45 s a quick test gets; every expectation keeps its own timeout.
  test.slow();
  const admin = await loginViaApi(request, 'admin');
  const student = await newMember(request, 'Nova', uniqueName('Moves'));
  const coach = await registerAccount(request, { firstName: 'Cora', lastName: uniqueName('Coach') });
  await gql(request, `mutation($id: ID!) { setUserRole(id: $id, role: instructor) { id } }`, { id: coach.user.id }, admin.token);
  await signOwnWaiver(request, coach);

  const { moveCatalogue } = await gql(
    request,
    `{ moveCatalogue { apparatus { id name } moves { id name level hasSides } } }`,
    {},
    admin.token,
  );
  const lyra = moveCatalogue.find((c: { apparatus: { name: string } }) => c.apparatus.name === 'Lyra');
  const move = lyra.moves.find((m: { level: number; hasSides: boolean }) => m.level === 1 && !m.hasSides);

  const blueprint = async (name: string) =>
    (
      await gql(
        request,
        `mutation($input: BlueprintInput!) { createClassBlueprint(input: $input) { id } }`,
        { input: { apparatusId: lyra.apparatus.id, name, level: 1, durationMinutes: 60, defaultCapacity: 8, dropInPriceCents: 0 } },
        admin.token,
      )
    ).createClassBlueprint.id as string;
  const instance = async (blueprintId: string, time: string) =>
    (
      await gql(
        request,
        `mutation($input: InstanceInput!) { createClassInstance(input: $input) { id } }`,
        { input: { blueprintId, date: studioClock(2 * 24 * 60).date, startTime: time, instructorId: coach.user.id, capacity: 8 } },
        admin.token,
      )
    ).createClassInstance.id as string;
  const practice = await instance(await blueprint(uniqueName('Lyra Practice')), '06:10');
  await gql(
    request,
    `mutation($c: ID!, $a: ID!) { staffBookAttendee(classInstanceId: $c, attendeeId: $a) { id } }`,
    { c: practice, a: student.user.id },
    admin.token,
  );
  const gatedType = await blueprint(uniqueName('Lyra Gate'));
  await gql(
    request,
    `mutation($i: ClassRequirementInput!) { setClassMoveRequirement(input: $i) { moveIds } }`,
    { i: { classTypeId: gatedType, moveIds: [move.id] } },
    admin.token,
  );
  const gated = await instance(gatedType, '08:40');
  const book = () =>
    request.post('/graphql', {
      headers: { 'content-type': 'application/json', authorization: `Bearer ${student.token}` },
      data: {
        query: `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { status } } }`,
        variables: { c: gated, a: student.user.id },
      },
    });
  const refused = await (await book()).json();
  expect(refused.errors[0].extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'MOVES_REQUIRED' });
  expect(refused.errors[0].message).toContain(move.name);

  // Before the click, the schedule and the booking panel say what the class requires and that the student lacks it.
  const panelPage = await (await browser.newContext()).newPage();
  await openSignedIn(panelPage, student, `/classes?date=${studioClock(2 * 24 * 60).date}&class=${gated}`);
  const panel = panelPage.getByRole('region', { name: 'Book this class' });
  // The action bar sits below the dialog's scrolling part, outside the panel.
  const bookButton = panelPage.getByRole('dialog').getByRole('button', { name: /^Book/ });
  await expect(panel.getByText(`Requires ${move.name}. You have not had ${move.name} signed off yet`, { exact: false })).toBeVisible();
  await expect(bookButton).toBeDisabled();
  await expect(panelPage.getByRole('dialog').getByText('Moves required', { exact: true })).toBeVisible();

  // The student marks the move "learning".
  const studentPage = await (await browser.newContext()).newPage();
  await openSignedIn(studentPage, student, '/moves');
  await studentPage.getByRole('tab', { name: 'Lyra' }).click();
  const row = studentPage.getByRole('listitem').filter({ has: studentPage.getByText(move.name, { exact: true }) });
  await row.getByRole('combobox').click();
  await studentPage.getByRole('option', { name: 'Learning' }).click();
  await expect(row.getByRole('combobox')).toHaveText('Learning');

  // The instructor taps it on to signed off.
  const coachPage = await (await browser.newContext()).newPage();
  await openSignedIn(coachPage, { ...coach, user: { ...coach.user, role: 'instructor', waiverSigned: true } }, '/student-moves');
  const cell = coachPage.getByRole('button', { name: new RegExp(`^Nova .*, ${move.name}: `) });
  await expect(cell).toHaveAccessibleName(new RegExp(`${move.name}: Learning$`));
  for (const state of ['Needs a spot', 'Solid', 'Signed off']) {
    await cell.click();
    await expect(cell).toHaveAccessibleName(new RegExp(`${move.name}: ${state}$`));
  }

  // The student's open page shows it without a reload, and the gated class books.
  await expect(row.getByText('Signed off', { exact: true })).toBeVisible();
  await panelPage.reload();
  await expect(panel.getByText(`Requires ${move.name}: You have it signed off.`)).toBeVisible();
  await expect(bookButton).toBeEnabled();
  for (const width of [1280, 375]) {
    await panelPage.setViewportSize({ width, height: 900 });
    await shot(panelPage, `booking-panel-moves-${width}`);
  }
  expect((await (await book()).json()).data.bookClass.booking.status).toBe('confirmed');
  for (const width of [1280, 375]) {
    await studentPage.setViewportSize({ width, height: 800 });
    await coachPage.setViewportSize({ width, height: 800 });
    await shot(studentPage, `moves-${width}`);
    await shot(coachPage, `student-moves-${width}`);
  }
});

/** The demo student signed Lyra 1 off over the past weeks: My Moves charts the moves and the level reached. */
test('My Moves charts progress over time on an apparatus', async ({ page, request }) => {
  const student = await loginViaApi(request, 'student');
  await openSignedIn(page, student, '/moves');
  await page.getByRole('tab', { name: 'Lyra' }).click();
  const chart = page.getByRole('figure', { name: /^Lyra progress: \d+ moves signed off, level 1$/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg').first()).toBeVisible();
  for (const width of [1280, 375]) {
    // Tall enough that the whole chart is in the page's shot.
    await page.setViewportSize({ width, height: 1400 });
    await shot(page, `moves-chart-${width}`);
    await chart.screenshot({ path: path.join(SCREENS, `moves-chart-only-${width}.png`) });
  }
});

/** Staff pick a student by name and record clean reps towards a move's clearance rule: "1 of 2 days". */
test('an instructor picks a student on /student-moves and records attempts for the clearance rule', async ({ page, request }) => {
  const admin = await loginViaApi(request, 'admin');
  const student = await newMember(request, 'Tess', uniqueName('Reps'));
  const { moveCatalogue } = await gql(request, `{ moveCatalogue { apparatus { id name } } }`, {}, admin.token);
  const lyra = moveCatalogue.find((c: { apparatus: { name: string } }) => c.apparatus.name === 'Lyra');
  const name = uniqueName('Split Balance');
  await gql(
    request,
    `mutation($input: MoveInput!) { saveMove(input: $input) { id } }`,
    { input: { apparatusId: lyra.apparatus.id, name, level: 5, hasSides: true, cleanReps: 3, cleanDays: 2 } },
    admin.token,
  );

  await openSignedIn(page, await loginViaApi(request, 'instructor'), '/student-moves');
  await page.getByRole('tab', { name: 'By student' }).click();
  await page.getByRole('combobox', { name: 'Student' }).fill(student.user.lastName);
  await page.getByRole('option', { name: new RegExp(`Tess ${student.user.lastName}`) }).click();
  await page.getByRole('tab', { name: 'Lyra' }).click();
  const cell = page.getByRole('button', { name: `Tess ${student.user.lastName}, ${name}: Not started` });
  await expect(cell).toContainText('0 of 2 days');
  await page.getByRole('button', { name: `Record clean reps: Tess ${student.user.lastName}, ${name}` }).click();
  await page.getByRole('menuitem', { name: '3 clean reps, both sides' }).click();
  await expect(cell).toContainText('1 of 2 days');
  await cell.click();
  await expect(page.getByRole('button', { name: `Tess ${student.user.lastName}, ${name}: Learning` })).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await shot(page, `student-moves-student-${width}`);
  }
});

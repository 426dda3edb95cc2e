import path from 'node:path';
import { expect, test } from '@playwright/test';
import { newMember } from './classSupport';
import { gql, loginViaApi, newStaff, openSignedIn, shot, uniqueName } from './support';

/** 6 s of ffmpeg's testsrc2 pattern, VP9 WebM 160×120, 30 KB: Debian's Chromium plays VP9 (not always H.264). */
const CLIP = path.resolve(__dirname, '../fixtures/test-pattern.webm');

/**
 * A student asks for a sign-off on My Moves and attaches a clip of the attempt; an instructor watches it inline on
 * /student-moves and answers "Not yet" with a note; the student sees the note beside their clip.
 */
test('a student attaches a clip to a sign-off request; the instructor turns it down with a note', async ({ browser, request }) => {
  test.slow();
  const admin = await loginViaApi(request, 'admin');
  const { moveCatalogue } = await gql(request, `{ moveCatalogue { apparatus { id name } } }`, {}, admin.token);
  const lyra = moveCatalogue.find((c: { apparatus: { name: string } }) => c.apparatus.name === 'Lyra').apparatus.id as string;
  const moveName = uniqueName('Star Balance');
  const { saveMove } = await gql(
    request,
    `mutation($input: MoveInput!) { saveMove(input: $input) { id } }`,
    { input: { apparatusId: lyra, name: moveName, level: 1 } },
    admin.token,
  );
  const student = await newMember(request, 'Elsa', uniqueName('Evidence'));
  await gql(
    request,
    `mutation($input: MoveStateInput!) { setMoveState(input: $input) { __typename } }`,
    { input: { moveId: saveMove.id, studentId: student.user.id, state: 'solid' } },
    student.token,
  );

  // The student: asks, attaches the clip, and it plays on the page.
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await openSignedIn(page, student, '/moves');
  await page.getByRole('tab', { name: 'Lyra' }).click();
  // The move's row (its history entries name it too): the one with its state to choose.
  const row = page
    .getByRole('listitem')
    .filter({ hasText: moveName })
    .filter({ has: page.getByRole('combobox') });
  await row.getByRole('button', { name: 'Ask for sign-off' }).click();
  await expect(row.getByText('Waiting for your instructor')).toBeVisible();
  await row.getByRole('button', { name: 'Attach a clip of your attempt' }).click();
  await row.getByTestId('video-file-input').setInputFiles(CLIP);
  const mine = row.getByLabel(`Your clip of ${moveName}`);
  await expect(mine).toHaveJSProperty('tagName', 'VIDEO', { timeout: 30_000 });
  await expect.poll(() => mine.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 15_000 }).toBeGreaterThan(0);
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'evidence-student-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'evidence-student-390');

  // The instructor: the clip plays inline; "Not yet" with a note closes the request.
  const coach = await newStaff(request, 'instructor', 'Cora', uniqueName('Coach'));
  const staffPage = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await openSignedIn(staffPage, coach, '/student-moves');
  const card = staffPage.getByRole('listitem', { name: new RegExp(`${moveName}$`) });
  const theirs = card.getByLabel(/^Clip of /);
  await expect(theirs).toHaveJSProperty('tagName', 'VIDEO');
  await theirs.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await expect.poll(() => theirs.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
  await card.scrollIntoViewIfNeeded();
  await shot(staffPage, 'evidence-staff-1280');
  await staffPage.setViewportSize({ width: 390, height: 844 });
  await shot(staffPage, 'evidence-staff-390');
  await card.getByRole('button', { name: 'Not yet' }).click();
  await expect(card.getByText('Say what to work on, so the student knows.')).toBeVisible();
  await card.getByLabel('Note to the student').fill('Keep the free leg straight, then send another clip.');
  await card.getByRole('button', { name: 'Not yet' }).click();
  await expect(card).toBeHidden();

  // The student: the answer arrives live, beside the clip, and a new request can be asked for.
  await expect(row.getByText('Not signed off yet.')).toBeVisible();
  await expect(row.getByText(/Keep the free leg straight/)).toBeVisible();
  await expect(row.getByRole('button', { name: 'Ask for sign-off' })).toBeEnabled();
  await shot(page, 'evidence-rejected-390');
});

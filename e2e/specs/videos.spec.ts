import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { newMember } from './classSupport';
import { gql, loginViaApi, openSignedIn, SCREENS, shot, uniqueName } from './support';

/** 6 s of ffmpeg's testsrc2 pattern, VP9 WebM 160×120, 30 KB: Debian's Chromium plays VP9 (not always H.264). */
const CLIP = path.resolve(__dirname, '../fixtures/test-pattern.webm');

/** The player's <video>: plays it muted (autoplay rules) and answers where it is. */
async function playFor(page: Page, title: string) {
  const video = page.getByLabel(title, { exact: true });
  await expect(video).toHaveJSProperty('tagName', 'VIDEO');
  await video.evaluate(async (el: HTMLVideoElement) => {
    el.muted = true;
    await el.play();
  });
  return video;
}

/**
 * An admin uploads a clip on /admin/videos and links it to a move, locked behind that move's prerequisite; a member
 * sees what unlocks it, then (once the prerequisite is signed off) plays it and seeks; its public page opens in a
 * signed-out browser once sharing is on.
 */
test('an uploaded clip tied to a move: locked, unlocked by a sign-off, played and sought, shared publicly', async ({
  browser,
  request,
}) => {
  test.slow();
  const admin = await loginViaApi(request, 'admin');
  const { moveCatalogue } = await gql(request, `{ moveCatalogue { apparatus { id name } } }`, {}, admin.token);
  const lyra = moveCatalogue.find((c: { apparatus: { name: string } }) => c.apparatus.name === 'Lyra').apparatus.id as string;
  const saveMove = async (name: string, prerequisiteIds: string[] = []) =>
    (
      await gql(
        request,
        `mutation($input: MoveInput!) { saveMove(input: $input) { id } }`,
        { input: { apparatusId: lyra, name, level: 3, prerequisiteIds } },
        admin.token,
      )
    ).saveMove.id as string;
  const before = uniqueName('Hip Hang');
  const prerequisite = await saveMove(before);
  const moveName = uniqueName('Gazelle Drop');
  await saveMove(moveName, [prerequisite]);
  const title = uniqueName('Gazelle drop tutorial');

  // The admin: a new video with its move, locked by prerequisites, then its file with tus.
  const adminPage = await browser.newPage();
  await openSignedIn(adminPage, admin, '/admin/videos');
  await adminPage.getByRole('button', { name: 'New video' }).click();
  const dialog = adminPage.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('combobox', { name: 'Moves' }).click();
  await adminPage.getByRole('option', { name: moveName }).click();
  await adminPage.keyboard.press('Escape');
  await dialog.getByLabel('Unlocked when its moves’ prerequisites are signed off').check();
  await dialog.getByRole('button', { name: 'Create and choose its file' }).click();
  await dialog.getByTestId('video-file-input').setInputFiles(CLIP);
  await expect(dialog.getByText('Uploaded.')).toBeVisible({ timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = adminPage.getByRole('listitem').filter({ hasText: title });
  await expect(row.getByText('Ready')).toBeVisible();
  await expect(row.getByText('Locked by prerequisites')).toBeVisible();
  const videoId = (await row.getByRole('link', { name: title }).getAttribute('href'))!.split('/').pop()!;

  // A member: locked, naming the move that unlocks it.
  const member = await newMember(request, 'Vida', uniqueName('Viewer'));
  const page = await browser.newPage();
  await openSignedIn(page, member, `/videos/${videoId}`);
  await expect(page.getByText(`This video unlocks when these moves are signed off for you: ${before}.`)).toBeVisible();
  await expect(page.locator('video')).toHaveCount(0);

  // Signed off (by staff): it plays, and a seek carries on from there.
  await gql(
    request,
    `mutation($input: MoveStateInput!) { setMoveState(input: $input) { __typename } }`,
    { input: { moveId: prerequisite, studentId: member.user.id, state: 'signed_off' } },
    admin.token,
  );
  await page.reload();
  const video = await playFor(page, title);
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  await video.evaluate(
    (el: HTMLVideoElement) =>
      new Promise<void>((resolve) => {
        el.addEventListener('seeked', () => resolve(), { once: true });
        el.currentTime = 3.5;
      }),
  );
  await expect.poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 15_000 }).toBeGreaterThan(4);
  expect(await video.evaluate((el: HTMLVideoElement) => el.error)).toBeNull();
  await shot(page, 'video-player');

  // Sharing on from /admin/videos: the public page opens signed out, its served HTML carries the card tags.
  await row.getByRole('button', { name: 'Share' }).click();
  await expect(row.getByRole('link', { name: 'Public page' })).toBeVisible();
  const visitor = await browser.newContext();
  const publicPage = await visitor.newPage();
  await publicPage.goto(`/video/${videoId}`);
  await expect(publicPage.getByRole('heading', { name: title })).toBeVisible();
  await expect(publicPage.getByRole('link', { name: 'Book an intro class' })).toHaveAttribute('href', '/register');
  const shared = await playFor(publicPage, title);
  await expect.poll(() => shared.evaluate((el: HTMLVideoElement) => el.currentTime), { timeout: 15_000 }).toBeGreaterThan(0.5);
  const html = await (await request.get(`/video/${videoId}`)).text();
  expect(html).toContain(`<meta property="og:title" content="${title}">`);
  await publicPage.screenshot({ path: path.join(SCREENS, 'video-public.png') });

  // Revoked: 'Page Not Found' for the signed-out.
  await row.getByRole('button', { name: 'Revoke' }).click();
  await expect(row.getByRole('button', { name: 'Share' })).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByText('Page Not Found')).toBeVisible();
  await visitor.close();
});

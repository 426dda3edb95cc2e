import { expect, test } from '@playwright/test';
import { createClass, studioClock, STUDIO_TZ } from './classSupport';
import { expectAccessible, loginViaApi, newStaff, openSignedIn, shot, uniqueSurname } from './support';

test.use({ timezoneId: STUDIO_TZ });

/** A real (if tiny) PNG: the server reads it, crops it and stores a WebP. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAA00lEQVQImQHIADf/AAAlSm+Uud4DKE1yl7zhBitQdZq/5AkuUwB4ncLnDDFWe6DF6g80WX6jyO0SN1yBpssA8BU6X4SpzvMYPWKHrNH2G0Bliq/U+R5DAGiNstf8IUZrkLXa/yRJbpO43QInTHGWuwDgBSpPdJm+4wgtUnecweYLMFV6n8TpDjMAWH2ix+wRNluApcrvFDleg6jN8hc8YYarAND1Gj9kia7T+B1CZ4yx1vsgRWqPtNn+IwBIbZK33AEmS3CVut8EKU5zmL3iByxRdptWNF4hPKf9jAAAAABJRU5ErkJggg==',
  'base64',
);

test('an instructor sets their photo, bio and apparatus on /profile; anyone sees them on class details; an admin edits them', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(60_000);
  const instructor = await newStaff(request, 'instructor', 'Nadia', uniqueSurname('Quinn'));
  const name = `Nadia ${instructor.user.lastName}`;

  await openSignedIn(page, instructor, '/profile#instructor-profile');
  const section = page.getByRole('region', { name: 'Instructor profile' });
  await expect(section.getByRole('button', { name: 'Upload photo' })).toBeVisible();
  await expect(section).toContainText('NQ'); // initials until there is a photo

  // The server goes by the file's bytes: a text file called .png is refused.
  await section.getByLabel('Photo file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('not an image') });
  await expect(section.getByRole('alert')).toHaveText('The photo must be a JPEG, PNG or WebP image.');
  await section.getByLabel('Photo file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByTestId('toast')).toContainText('Photo saved');
  await expect(section.locator('img')).toHaveAttribute('src', new RegExp(`^/api/instructors/${instructor.user.id}/photo\\?v=`));

  await section.getByRole('textbox', { name: 'Bio' }).fill('Nadia teaches lyra with a dancer’s eye for lines.');
  await section.getByRole('button', { name: 'Lyra' }).click();
  await expect(section.getByRole('button', { name: 'Lyra' })).toHaveAttribute('aria-pressed', 'true');
  await section.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByTestId('toast')).toContainText('Profile saved');
  await expectAccessible(page, testInfo, 'profile-instructor');
  await shot(page, 'profile-instructor');

  // A class she teaches, seen on the public calendar by someone signed out.
  const admin = await loginViaApi(request, 'admin');
  const at = { date: studioClock(9 * 24 * 60).date, time: '08:20' };
  const klass = await createClass(request, { at, instructorId: instructor.user.id, capacity: 5 });
  const visitorContext = await browser.newContext({ timezoneId: STUDIO_TZ });
  const visitor = await visitorContext.newPage();
  for (const width of [1280, 375]) {
    await visitor.setViewportSize({ width, height: width > 800 ? 900 : 812 });
    await visitor.goto(`/calendar?class=${klass.id}&date=${at.date}`);
    const about = visitor.getByRole('dialog', { name: klass.name }).getByRole('region', { name: `About ${name}` });
    await expect(about).toContainText('Nadia teaches lyra with a dancer’s eye for lines.');
    await expect(about).toContainText('Lyra');
    const src = await about.locator('img').getAttribute('src');
    expect(src).toMatch(/\/photo\?v=/);
    await expectAccessible(visitor, testInfo, `class-details-instructor-${width}`);
    await shot(visitor, `class-details-instructor-${width}`);
    const photo = await request.get(src!);
    expect(photo.headers()['content-type']).toBe('image/webp');
    expect(photo.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
  await visitorContext.close();

  // The admin edits her profile from Class Management → Instructors.
  await openSignedIn(page, admin, '/admin/classes?tab=instructors');
  await page.getByRole('button', { name: `Edit ${name}’s profile` }).click();
  const dialog = page.getByRole('dialog', { name: `${name}’s profile` });
  await dialog.getByRole('textbox', { name: 'Bio' }).fill('Lyra and hammock, all levels.');
  await dialog.getByRole('button', { name: 'Hammock' }).click();
  await dialog.getByRole('button', { name: 'Save profile' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('list', { name: 'Instructors' }).getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('Lyra and hammock, all levels.');
  await expect(card).toContainText('Hammock');
});

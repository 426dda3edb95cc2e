import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { createClass, newMember, staffBook, STUDIO_TZ } from './classSupport';
import { expectAccessible, openSignedIn, shot } from './support';

test.use({ timezoneId: STUDIO_TZ });

/** "07:10" on 2026-12-01 → "DTSTART;TZID=America/Los_Angeles:20261201T071000" (the studio's wall clock, its zone named). */
const dtstart = (date: string, time: string) => `DTSTART;TZID=${STUDIO_TZ}:${date.replace(/-/g, '')}T${time.replace(':', '')}00`;

test('a member adds a booking to their calendar from /classes and the dashboard (.ics in the studio’s time zone)', async ({
  page,
  request,
}) => {
  const klass = await createClass(request);
  const member = await newMember(request, 'Robin');
  await staffBook(request, klass.id, member.user.id);

  await openSignedIn(page, member, '/classes');
  const myBookings = page.getByRole('region', { name: /My bookings/ });
  await expect(myBookings).toContainText(klass.name);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    myBookings.getByRole('button', { name: new RegExp(`^Add to calendar: Robin’s ${klass.name} on `) }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${klass.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${klass.date}.ics`);
  const ics = await readFile((await download.path())!, 'utf8');
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics).toContain(`SUMMARY:${klass.name}`);
  expect(ics).toContain(dtstart(klass.date, klass.startTime));
  expect(ics).toContain(`BEGIN:VTIMEZONE\r\nTZID:${STUDIO_TZ}`);

  // The class's details offer the same, and so does the dashboard's "Upcoming classes".
  await page.goto(`/classes?class=${klass.id}`);
  const dialog = page.getByRole('dialog', { name: klass.name });
  await expect(dialog.getByRole('list', { name: 'Your bookings in this class' })).toContainText('Booked: Robin');
  await expect(dialog.getByRole('button', { name: /^Add to calendar: Robin’s / })).toBeVisible();
  await page.goto('/dashboard');
  const [again] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: new RegExp(`^Add to calendar: your ${klass.name}`) }).click(),
  ]);
  expect(await readFile((await again.path())!, 'utf8')).toContain(dtstart(klass.date, klass.startTime));
});

for (const width of [1280, 375]) {
  test(`a member subscribes to their private calendar feed from /profile and resets it (${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width > 800 ? 900 : 812 });
    const klass = await createClass(request);
    const member = await newMember(request, 'Kim');
    await staffBook(request, klass.id, member.user.id);

    await openSignedIn(page, member, '/profile#calendar');
    const section = page.getByRole('region', { name: 'Calendar' });
    const field = section.getByRole('textbox', { name: 'Private calendar link' });
    await expect(field).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const url = await field.inputValue();
    expect(url).not.toContain(member.token);
    await expect(section.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute('href', url.replace(/^https?:/, 'webcal:'));
    await expectAccessible(page, testInfo, `profile-calendar-${width}`);
    await shot(page, `profile-calendar-${width}`);

    // A calendar app fetches it without signing in: the member's booking, as text/calendar.
    const feed = await request.get(new URL(url).pathname);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    const text = await feed.text();
    expect(text).toContain(`SUMMARY:${klass.name}`);
    expect(text).toContain(dtstart(klass.date, klass.startTime));

    // Reset: confirmed first; then the old link is gone and the new one works.
    await section.getByRole('button', { name: 'Reset link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset your calendar link?' });
    await confirm.getByRole('button', { name: 'Reset link' }).click();
    await expect(page.getByTestId('toast')).toContainText('Calendar link reset');
    await expect(field).not.toHaveValue(url);
    const fresh = await field.inputValue();
    expect((await request.get(new URL(url).pathname)).status()).toBe(404);
    expect((await request.get(new URL(fresh).pathname)).status()).toBe(200);
  });
}

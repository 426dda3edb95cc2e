import { expect, test } from '@playwright/test';
import { createClass, newMember, staffBook, studioClock, STUDIO_TZ } from './classSupport';
import { expectAccessible, openSignedIn, shot } from './support';

test.use({ timezoneId: STUDIO_TZ });

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** A start inside the 12-hour cancellation cutoff that still ends on its own day: in about three hours, or tomorrow at 06:00. */
function withinCutoff(): { date: string; time: string } {
  const soon = studioClock(3 * 60);
  if (minutesOf(soon.time) + 90 < 24 * 60) return soon;
  return { date: studioClock(12 * 60).date, time: '06:00' };
}

test('the cancellation policy shows before booking and on the booking; a late cancel is confirmed with its consequence', async ({
  page,
  request,
}, testInfo) => {
  const later = await createClass(request);
  const soon = await createClass(request, { at: withinCutoff() });
  const member = await newMember(request, 'Jules');
  await staffBook(request, soon.id, member.user.id);

  // Before booking: class details say until when cancelling is free and what a late cancellation means.
  await openSignedIn(page, member, `/classes?class=${later.id}&date=${later.date}`);
  const details = page.getByRole('dialog', { name: later.name });
  await expect(details.getByTestId('cancellation-policy')).toContainText(
    /^Free cancellation until \w{3}, \w{3} \d+, \d+:\d\d [AP]M; later counts as a late cancellation\./,
  );
  // The demo studio charges a $10 late-cancellation and a $15 no-show fee: the policy names them.
  await expect(details.getByTestId('cancellation-policy')).toContainText(
    'A late cancellation is charged a $10.00 fee, added to your account as an invoice you can pay from your profile. Not coming without cancelling (a no-show) is charged $15.00.',
  );
  await expectAccessible(page, testInfo, 'class-details-policy');
  await shot(page, 'class-details-policy');
  await details.getByRole('button', { name: 'Close' }).click();

  // On the booking: inside the cutoff the row says so, and cancelling asks first, naming the consequence.
  const myBookings = page.getByRole('region', { name: /My bookings/ });
  await expect(myBookings.getByTestId('booking-policy')).toHaveText('Cancelling now counts as a late cancellation ($10.00 fee).');
  await myBookings.getByRole('button', { name: 'Cancel', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel late?' });
  await expect(confirm.getByTestId('late-cancel-warning')).toContainText('This is a late cancellation. Free cancellation ended');
  await expect(confirm.getByTestId('late-cancel-warning')).toContainText('A late cancellation is charged a $10.00 fee');
  await expectAccessible(page, testInfo, 'late-cancel-dialog');
  await shot(page, 'late-cancel-dialog');
  await confirm.getByRole('button', { name: 'Keep it' }).click();
  await expect(myBookings).toContainText(soon.name);

  await myBookings.getByRole('button', { name: 'Cancel', exact: true }).click();
  await page.getByRole('dialog', { name: 'Cancel late?' }).getByRole('button', { name: 'Cancel late' }).click();
  await expect(page.getByTestId('toast')).toContainText('Cancelled (late)');
  await expect(page.getByText('No upcoming classes booked')).toBeVisible();

  // The fee is an open invoice the member pays from their profile.
  await page.goto('/profile');
  await expect(page.getByRole('list', { name: 'Your invoices' })).toContainText('$10.00');
});

import { expect, test, type Page } from '@playwright/test';
import { createClass, money, newMember, STUDIO_TZ, studioClock } from './classSupport';
import { expectAccessible, gql, loginViaApi, openSignedIn, registerAccount, shot, signOwnWaiver } from './support';

test.use({ timezoneId: STUDIO_TZ });

/** Resolves once the page's notifications subscription has sent its first event (it is listening from then on). */
function listening(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => ws.on('framereceived', (frame) => String(frame.payload).includes('"resync"') && resolve()));
  });
}

const BOOK = `mutation($c: ID!, $a: ID!) { bookClass(classInstanceId: $c, attendeeId: $a) { booking { id status } } }`;

test(
  'a booking in one browser shows its notification in every tab of the same user within 1 s; reads and clears follow',
  { tag: '@timing' },
  async ({ browser, request }) => {
    const klass = await createClass(request);
    const member = await newMember(request, 'Jules');
    const options = { timezoneId: STUDIO_TZ, viewport: { width: 1280, height: 800 } };
    const phone = await browser.newContext(options);
    const laptop = await browser.newContext(options);
    const [booker, listPage, dashboard] = [await phone.newPage(), await laptop.newPage(), await laptop.newPage()];

    // The laptop has two tabs open: /notifications, and the dashboard with the popover open.
    const live = [listening(listPage), listening(dashboard)];
    await openSignedIn(listPage, member, '/notifications');
    await openSignedIn(dashboard, member, '/dashboard');
    await expect(listPage.getByText("You're all caught up")).toBeVisible();
    await Promise.all(live);
    await dashboard.getByRole('button', { name: 'Notifications' }).click();
    const popover = dashboard.getByRole('dialog', { name: 'Notifications' });
    await expect(popover).toContainText("You're all caught up");

    // The phone books the class.
    await openSignedIn(booker, member, `/classes?class=${klass.id}&date=${klass.date}`);
    const dialog = booker.getByRole('dialog', { name: klass.name });
    const booked = booker.waitForResponse((r) => r.url().endsWith('/graphql') && r.request().postDataJSON()?.operationName === 'BookClass');
    await dialog.getByRole('button', { name: `Book · ${money(klass.priceCents)}` }).click();
    expect((await booked).ok()).toBe(true);

    // Within a second, without a reload: the page's list, the other tab's popover and badge, and its dashboard card.
    const second = { timeout: 1000 };
    const held = (page: Page) => page.getByTestId('notification').filter({ hasText: 'Spot held in your cart' });
    await Promise.all([
      expect(held(listPage)).toBeVisible(second),
      expect(popover.getByTestId('notification').filter({ hasText: 'Spot held in your cart' })).toContainText(klass.name, second),
      expect(dashboard.getByRole('button', { name: 'Notifications, 1 unread', includeHidden: true })).toBeAttached(second),
      expect(listPage.getByRole('button', { name: 'Notifications, 1 unread' })).toBeVisible(second),
    ]);
    await expect(held(listPage).getByRole('link', { name: /^View class/ })).toHaveAttribute(
      'href',
      `/classes?class=${klass.id}&date=${klass.date}`,
    );

    // Marking all read in the popover: 'All notifications marked as read', and the other tab follows.
    await popover.getByRole('button', { name: 'Mark all read' }).click();
    await expect(dashboard.getByTestId('toast')).toContainText('All notifications marked as read');
    await Promise.all([
      expect(listPage.getByRole('button', { name: 'Notifications', exact: true })).toBeVisible(second),
      expect(held(listPage)).not.toHaveAttribute('data-unread', /.*/, second),
    ]);

    // Clearing all on the page: 'All notifications cleared', and the popover in the other tab empties.
    await listPage.getByRole('button', { name: 'Clear all' }).click();
    await expect(listPage.getByTestId('toast')).toContainText('All notifications cleared');
    await expect(popover).toContainText("You're all caught up", second);
    await Promise.all([phone.close(), laptop.close()]);
  },
);

for (const width of [1280, 375]) {
  test(`the popover shows the newest five with '(n more)' and links to /notifications (${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 812 });
    const member = await newMember(request, 'Sasha');
    // Seven held spots, on seven different days: seven notifications.
    for (let day = 0; day < 7; day++) {
      const klass = await createClass(request, { at: { date: studioClock((9 + day) * 24 * 60).date, time: '07:10' } });
      await gql(request, BOOK, { c: klass.id, a: member.user.id }, member.token);
    }
    await openSignedIn(page, member, '/dashboard');
    await page.getByRole('button', { name: 'Notifications, 7 unread' }).click();
    const popover = page.getByRole('dialog', { name: 'Notifications' });
    await expect(popover.getByTestId('notification')).toHaveCount(5);
    await expect(popover.getByTestId('notifications-more')).toHaveText('(2 more)');
    await expectAccessible(page, testInfo, `notifications-popover-${width}`);
    await shot(page, `notifications-popover-${width}`);

    await popover.getByRole('link', { name: 'View all notifications' }).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
    await expect(page.getByTestId('notification')).toHaveCount(7);
    await expectAccessible(page, testInfo, `notifications-page-${width}`);
    await shot(page, `notifications-page-${width}`);

    // Filters: unread only after reading one, and a type with none.
    await page
      .getByRole('button', { name: /^Mark as read/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Unread (6)' }).click();
    await expect(page.getByTestId('notification')).toHaveCount(6);
    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Class reminders' }).click();
    await expect(page.getByText('No notifications match')).toBeVisible();
    await expect(page).toHaveURL(/type=class_reminder/);
  });
}

test("the badge shows '99+' above 99 (an admin's studio-wide feed: feedback from members)", async ({ page, request }) => {
  // An admin of our own, so the count is ours alone to know it is over 99.
  const account = await registerAccount(request, { firstName: 'Ada' });
  await signOwnWaiver(request, account);
  const admin = await loginViaApi(request, 'admin');
  await gql(request, `mutation($id: ID!) { setUserRole(id: $id, role: admin) { id } }`, { id: account.user.id }, admin.token);
  // Feedback is limited per member (5 in 10 minutes): twenty members send five each.
  const members = await Promise.all(Array.from({ length: 20 }, () => newMember(request, 'Chatty')));
  for (let i = 0; i < 100; i++) {
    const res = await request.post('/api/feedback', {
      headers: { authorization: `Bearer ${members[i % members.length].token}` },
      data: { message: `Idea number ${i + 1}`, category: 'feature' },
    });
    expect(res.ok()).toBe(true);
  }
  await openSignedIn(page, { ...account, user: { ...account.user, role: 'admin', waiverSigned: true } }, '/admin/dashboard');
  const bell = page.getByRole('button', { name: 'Notifications, 99+ unread' });
  await expect(bell).toHaveText('99+');
  await bell.click();
  const popover = page.getByRole('dialog', { name: 'Notifications' });
  await expect(popover.getByTestId('notification')).toHaveCount(5);
  await expect(popover.getByTestId('notifications-more')).toHaveText(/^\((9[5-9]|\d{3,}) more\)$/);
  // The feed is studio-wide: other specs' sign-ups land in it too, so the newest five are feedback or sign-ups.
  for (const row of await popover.getByTestId('notification').all()) {
    await expect(row).toContainText(/^(New feedback \(feature\)|New sign-up)/);
  }
  await shot(page, 'notifications-popover-99-plus');
  await popover.getByRole('link', { name: 'View all notifications' }).click();
  const last = members[99 % members.length].user;
  const newest = `${last.firstName} ${last.lastName} wrote: “Idea number 100”`;
  await expect(page.getByTestId('notification').filter({ hasText: newest })).toBeVisible();
});

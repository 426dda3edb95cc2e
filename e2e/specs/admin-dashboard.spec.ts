import { expect, test, type Page } from '@playwright/test';
import { createClass, createClassType, newMember, STUDIO_TZ, studioClock } from './classSupport';
import { expectAccessible, loginViaApi, openSignedIn, shot, uniqueName } from './support';

test.use({ timezoneId: STUDIO_TZ });

/** Resolves once the page has subscribed to the dashboard's changes over its WebSocket. */
function subscribedToChanges(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framesent', (frame) => {
        const text = String(frame.payload);
        if (text.includes('"subscribe"') && text.includes('dashboardChanged')) resolve();
      });
    });
  });
}

test('the dashboard updates live after a booking made in another browser', async ({ page, browser, request }, testInfo) => {
  test.slow();
  // A free class type of our own, on a day eleven days ahead: its bar is this test's alone.
  const typeName = uniqueName('Dashboard Lyra');
  await createClassType(request, typeName, { dropInPriceCents: 0 });
  const klass = await createClass(request, { type: typeName, capacity: 4, at: { date: studioClock(11 * 24 * 60).date, time: '06:05' } });
  const member = await newMember(request, 'Dana');
  const admin = await loginViaApi(request, 'admin');

  const live = subscribedToChanges(page);
  await openSignedIn(page, admin, `/admin/dashboard?period=custom&from=${klass.date}&to=${klass.date}`);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard', level: 1 })).toBeVisible();
  const byType = page.getByRole('figure', { name: /^Bookings by class type:/ });
  await expect(byType).toHaveAttribute('aria-label', new RegExp(`${typeName} 0(,|$)`));
  await live;
  await expectAccessible(page, testInfo, 'admin-dashboard');
  await shot(page, 'admin-dashboard');

  // Another browser: the member books the class.
  const booker = await browser.newContext({ timezoneId: STUDIO_TZ, viewport: { width: 1280, height: 800 } });
  const book = await booker.newPage();
  await openSignedIn(book, member, `/calendar?date=${klass.date}&class=${klass.id}`);
  await book.getByRole('dialog', { name: klass.name }).getByRole('button', { name: 'Book this class' }).click();
  const answered = book.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('BookClass'));
  await book.getByRole('dialog', { name: klass.name }).getByRole('button', { name: 'Book free class' }).click();
  expect((await (await answered).json()).errors).toBeUndefined();

  // The admin's page reads its figures again by itself.
  await expect(byType).toHaveAttribute('aria-label', new RegExp(`${typeName} 1(,|$)`), { timeout: 10_000 });
  await expect(page.getByText(/Live · updated/)).toBeVisible();
  await booker.close();
});

test('on a phone the dashboard stacks its figures and opens a filtered table', async ({ page, request }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const admin = await loginViaApi(request, 'admin');
  await openSignedIn(page, admin, '/admin/dashboard?period=last_4_weeks');
  await expect(page.getByText(/compared with the 4 weeks before/)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Key figures' }).getByRole('link')).toHaveCount(4);
  await expectAccessible(page, testInfo, 'admin-dashboard-phone');
  await shot(page, 'admin-dashboard-phone');
  await page.getByRole('link', { name: /Past-due memberships/ }).click();
  await expect(page).toHaveURL(/\/admin\/memberships\?status=past_due/);
  // On a phone the filters sit behind one button, which counts the one the link set.
  await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible();
  await expect(page.getByText('Ethan Cole')).toBeVisible();
});

import { expect, test, type Page } from '@playwright/test';
import { createClass, newMember, STUDIO_TZ, studioClock } from './classSupport';
import { expectAccessible, gql, openSignedIn, shot } from './support';

test.use({ timezoneId: STUDIO_TZ });

/** Resolves once the page has subscribed to live seat counts over its WebSocket. */
function subscribedToSpots(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      ws.on('framesent', (frame) => {
        const text = String(frame.payload);
        if (text.includes('"subscribe"') && text.includes('spotsChanged')) resolve();
      });
    });
  });
}

test('two browsers on /calendar: a booking in one shows in the other within a second', { tag: '@timing' }, async ({ browser, request }) => {
  const klass = await createClass(request, { capacity: 3 });
  const member = await newMember(request, 'Casey');

  // Browser B: a visitor watching the public calendar.
  const visitor = await browser.newContext({ timezoneId: STUDIO_TZ, viewport: { width: 1280, height: 800 } });
  const watch = await visitor.newPage();
  const live = subscribedToSpots(watch);
  await watch.goto(`/calendar?date=${klass.date}`);
  const watched = watch.locator(`[data-class-id="${klass.id}"]`);
  await expect(watched).toContainText('3 spots left');
  await live;

  // Browser A: a member books the same class.
  const booker = await browser.newContext({ timezoneId: STUDIO_TZ, viewport: { width: 1280, height: 800 } });
  const book = await booker.newPage();
  await openSignedIn(book, member, `/calendar?date=${klass.date}&class=${klass.id}`);
  await book.getByRole('dialog', { name: klass.name }).getByRole('button', { name: 'Book this class' }).click();
  await expect(book).toHaveURL(new RegExp(`/classes\\?class=${klass.id}`));
  const bookButton = book.getByRole('dialog', { name: klass.name }).getByRole('button', { name: /^Book ·/ });
  const answered = book.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('BookClass'));
  await bookButton.click();
  await answered;
  const booked = Date.now();
  await expect(watched).toContainText('2 spots left', { timeout: 1000 });
  const elapsed = Date.now() - booked;
  console.log(`calendar updated ${elapsed} ms after the booking was answered`);
  expect(elapsed).toBeLessThan(1000);
  await shot(watch, 'calendar-live-update');

  // And back when the spot is released from the cart: measured, like the booking, from the server's answer.
  await book.getByRole('button', { name: 'Cart, 1 item' }).click();
  const cleared = book.waitForResponse((r) => r.url().endsWith('/graphql') && (r.request().postData() ?? '').includes('ClearCart'));
  await book.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Clear cart' }).click();
  await cleared;
  const released = Date.now();
  await expect(watched).toContainText('3 spots left', { timeout: 1000 });
  console.log(`calendar updated ${Date.now() - released} ms after the release was answered`);
  await visitor.close();
  await booker.close();
});

test('signed out, Book goes through sign-in and back to the class on the calendar', async ({ page, request }) => {
  const klass = await createClass(request);
  const member = await newMember(request, 'Dana');
  await page.goto(`/calendar?date=${klass.date}`);
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.locator(`[data-class-id="${klass.id}"]`).click();
  await page.getByRole('dialog', { name: klass.name }).getByRole('button', { name: 'Sign in to book' }).click();
  await expect(page).toHaveURL(/\/login\?next=/);
  await page.getByLabel(/^Username/).fill(member.username);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(new RegExp(`/calendar\\?.*class=${klass.id}`));
  const dialog = page.getByRole('dialog', { name: klass.name });
  await expect(dialog.getByRole('button', { name: 'Book this class' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toBeVisible();
});

for (const width of [1280, 375]) {
  test(`the calendar's week, month, filters and class details are accessible (${width} px)`, async ({ page, request }, testInfo) => {
    const klass = await createClass(request);
    await page.setViewportSize({ width, height: width > 800 ? 800 : 812 });
    await page.goto(`/calendar?date=${klass.date}`);
    const card = page.locator(`[data-class-id="${klass.id}"]`);
    await expect(card).toContainText('4 spots left');
    await expectAccessible(page, testInfo, `calendar-week-${width}`);
    await shot(page, `calendar-week-${width}`);

    if (width < 800) await page.getByRole('button', { name: 'Filters' }).click();
    const apparatus = page.getByRole('group', { name: 'Apparatus' });
    await apparatus.getByRole('button', { name: 'Straps' }).click();
    await expect(page.getByText('No classes match these filters')).toBeVisible();
    await shot(page, `calendar-filtered-${width}`);
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect(card).toBeVisible();

    await page.getByRole('button', { name: 'Month' }).click();
    await expect(page.getByRole('heading', { name: /^[A-Z][a-z]+ \d{4}$/ })).toBeVisible();
    await expectAccessible(page, testInfo, `calendar-month-${width}`);
    await shot(page, `calendar-month-${width}`);

    await page.getByRole('button', { name: 'Week' }).click();
    await card.click();
    await expect(page.getByRole('dialog', { name: klass.name })).toBeVisible();
    await expectAccessible(page, testInfo, `calendar-dialog-${width}`);
    await shot(page, `calendar-dialog-${width}`);
  });
}

test("a visitor whose device is in another time zone sees the studio's today", async ({ browser }) => {
  // UTC+14: for 22 hours of every day its date is a day ahead of the studio's (UTC-8/-7).
  const far = await browser.newContext({ timezoneId: 'Pacific/Kiritimati', viewport: { width: 1280, height: 800 } });
  const page = await far.newPage();
  await page.goto('/calendar');
  await expect(page.locator('meta[name="studio-time-zone"]')).toHaveAttribute('content', STUDIO_TZ);
  const today = studioClock(0).date;
  const marked = page.locator('[aria-current="date"]');
  await expect(marked).toHaveCount(1);
  await expect(marked).toHaveText(String(Number(today.slice(8, 10))));
  await far.close();
});

test('on a Sunday evening the calendar opens on that Sunday, its finished classes marked Ended', async ({ page, request }) => {
  // The coming Sunday on the studio's calendar, with a class of ours that afternoon.
  const days = Array.from({ length: 7 }, (_, i) => studioClock((i + 1) * 24 * 60).date);
  const sunday = days.find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 0)!;
  const klass = await createClass(request, { at: { date: sunday, time: '16:00' } });
  const { classInstance } = await gql(request, `query($id: ID!) { classInstance(id: $id) { endsAt } }`, { id: klass.id });

  // The browser's clock: that Sunday, a little over an hour after the class ended (about 6:30 PM at the studio).
  // Set by moving Date's "now": Playwright's clock replaces Date with a function whose instances lose the methods of
  // classes that extend Date, such as @date-fns/tz's TZDate.
  await page.addInitScript(
    (target) => {
      const offset = target - Date.now();
      const NativeDate = Date;
      // Same prototype as Date, so code that reads Date.prototype's methods (as @date-fns/tz does) sees them all.
      const ShiftedDate = function (this: unknown, ...args: unknown[]) {
        if (!new.target) return NativeDate();
        return Reflect.construct(NativeDate, args.length ? args : [NativeDate.now() + offset], new.target);
      } as unknown as DateConstructor;
      Object.setPrototypeOf(ShiftedDate, NativeDate);
      (ShiftedDate as unknown as { prototype: Date }).prototype = NativeDate.prototype;
      ShiftedDate.now = () => NativeDate.now() + offset;
      window.Date = ShiftedDate;
    },
    Date.parse(classInstance.endsAt) + 75 * 60_000,
  );
  await page.goto('/calendar');
  const dayName = (iso: string) =>
    new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${iso}T12:00:00Z`),
    );
  const startLabel = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${sunday}T12:00:00Z`),
  );
  // The week heading starts on Sunday; the Saturday before (a finished day) is not shown.
  await expect(page.getByRole('heading', { name: new RegExp(`^${startLabel} – `) })).toBeVisible();
  await expect(page.getByRole('region', { name: dayName(sunday), exact: true })).toBeVisible();
  const saturday = new Date(Date.parse(`${sunday}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await expect(page.getByRole('region', { name: dayName(saturday), exact: true })).toHaveCount(0);
  const card = page.locator(`[data-class-id="${klass.id}"]`);
  await expect(card.getByTestId('spots')).toHaveText('Ended');
  await expect(card).not.toContainText('spots left');
});

import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { expandClass, expectAccessible, loginViaApi, openSignedIn, shot } from './support';

/** Axe-core and screenshots for the staff and admin pages of the classes issue, at desktop and phone widths. */

async function check(page: Page, testInfo: TestInfo, name: string, width: number) {
  await expectAccessible(page, testInfo, `${name}-${width}`);
  await shot(page, `${name}-${width}`);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 800 : 812 } });

    test('My Classes (instructor) with an open roster', async ({ page, request }, testInfo) => {
      const instructor = await loginViaApi(request, 'instructor');
      await openSignedIn(page, instructor, '/class-instances');
      await expect(page.getByRole('heading', { name: 'My Classes', level: 1 })).toBeVisible();
      await expandClass(
        page
          .getByRole('button', { name: /Silks Intro/ })
          .and(page.locator('[aria-controls]'))
          .first(),
      );
      await expect(
        page
          .getByRole('region', { name: /Silks Intro/ })
          .getByText(/checked in/)
          .first(),
      ).toBeVisible();
      await check(page, testInfo, 'my-classes-instructor', width);
    });

    test('Class Management: every tab and the edit dialog', async ({ page, request }, testInfo) => {
      test.setTimeout(180_000);
      const admin = await loginViaApi(request, 'admin');
      await openSignedIn(page, admin, '/admin/classes');
      await expect(page.getByRole('heading', { name: 'Class Management', level: 1 })).toBeVisible();
      await expect(page.getByText(/^\d+ classes$/)).toBeVisible();
      await expect(page.getByText('Silks Intro').first()).toBeVisible();
      await check(page, testInfo, 'admin-classes', width);

      await page
        .getByRole('button', { name: /^Edit Silks Intro/ })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Edit class' })).toBeVisible();
      await check(page, testInfo, 'admin-classes-edit-dialog', width);
      await page.getByRole('dialog', { name: 'Edit class' }).getByRole('button', { name: 'Close' }).click();

      for (const [query, ready, name] of [
        ['tab=types', 'Silks Level 2', 'types'],
        ['tab=series', 'Kids Hammock', 'series'],
        ['tab=series&new=1', 'Preview', 'series-new'],
        ['tab=closures', 'Close the studio', 'closures'],
        ['tab=apparatus', 'Trapeze', 'apparatus'],
        ['tab=rules', 'Cancellation cutoff', 'rules'],
      ] as const) {
        await page.goto(`/admin/classes?${query}`);
        await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
        await check(page, testInfo, `admin-classes-${name}`, width);
      }

      await page.goto('/admin/classes?tab=types');
      await page.getByRole('button', { name: 'New class type' }).click();
      await expect(page.getByRole('dialog', { name: 'New class type' })).toBeVisible();
      await check(page, testInfo, 'admin-class-type-dialog', width);

      await page.goto('/admin/classes?tab=series');
      await page
        .getByRole('button', { name: /^Edit Kids Hammock/ })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Edit series' })).toBeVisible();
      await check(page, testInfo, 'admin-series-edit-dialog', width);
    });

    test('Student Management with a student’s history', async ({ page, request }, testInfo) => {
      const admin = await loginViaApi(request, 'admin');
      await openSignedIn(page, admin, '/admin/students');
      await expect(page.getByRole('heading', { name: 'Student Management', level: 1 })).toBeVisible();
      // The demo history's regulars and other specs' members can push Sam off the first page: find him by name.
      await expect(page.getByText(/^\d+ students$/)).toBeVisible();
      await check(page, testInfo, 'admin-students', width);

      await page.getByRole('searchbox', { name: 'Search students' }).fill('okafor');
      await expect(page.getByText(/^1 student$/)).toBeVisible();
      await expect(page.getByText('Sam Okafor').first()).toBeVisible();
      await page.getByText('Sam Okafor').first().click();
      const drawer = page.getByRole('dialog', { name: 'Sam Okafor' });
      // Sam's history has past weeks of classes he came to (demo history) besides his bookings ahead. Which class is
      // newest depends on what other specs booked or cancelled for him, so the test looks for what happened, not a name.
      const history = drawer.getByRole('list', { name: 'Class history of Sam' });
      await expect(history.getByText(/^Checked in /).first()).toBeVisible();
      await expect(drawer.getByText(/^\d+ classes$/)).toBeVisible();
      await check(page, testInfo, 'admin-student-drawer', width);
    });

    test('Attendance: by class, by student and the export dialog', async ({ page, request }, testInfo) => {
      const admin = await loginViaApi(request, 'admin');
      await openSignedIn(page, admin, '/admin/attendance');
      await expect(page.getByRole('heading', { name: 'Attendance', level: 1 })).toBeVisible();
      await expect(page.getByText('Choose a class')).toBeVisible();
      await expect(page.getByText(/^\d+ class(es)?$/)).toBeVisible();
      await check(page, testInfo, 'admin-attendance', width);

      await page.getByRole('tab', { name: 'By student' }).click();
      await page.getByRole('combobox', { name: 'Find a person' }).fill('okafor');
      await page.getByRole('option', { name: /Sam Okafor/ }).click();
      await expect(page.getByRole('list', { name: 'Class history of Sam' })).toBeVisible();
      await check(page, testInfo, 'admin-attendance-student', width);

      await page.getByRole('button', { name: 'Export CSV' }).click();
      await expect(page.getByRole('dialog', { name: 'Export attendance' })).toBeVisible();
      await check(page, testInfo, 'admin-attendance-export', width);
    });
  });
}

import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { checkIn, createCheckInClass, createClass, createClassType, newMember, staffBook, studioClock } from './classSupport';
import { expandClass, expectAccessible, gql, loginViaApi, newStaff, openSignedIn, shot, uniqueSurname } from './support';

/** Axe-core and screenshots for the staff and admin pages of the classes issue, at desktop and phone widths. */

/** A student of our own with a class in their history they were checked in at. */
async function studentWithHistory(request: APIRequestContext) {
  const klass = await createCheckInClass(request);
  const student = await newMember(request, 'Sam', uniqueSurname('Okafor'));
  await checkIn(request, await staffBook(request, klass.id, student.user.id));
  return student;
}

async function check(page: Page, testInfo: TestInfo, name: string, width: number) {
  await expectAccessible(page, testInfo, `${name}-${width}`);
  await shot(page, `${name}-${width}`);
}

for (const width of [1280, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 800 ? 800 : 812 } });

    test('My Classes (instructor) with an open roster', async ({ page, request }, testInfo) => {
      // An instructor of our own teaching a class of our own with a member booked in it.
      const instructor = await newStaff(request, 'instructor', 'Iona', uniqueSurname('Teach'));
      const klass = await createClass(request, { instructorId: instructor.user.id });
      const member = await newMember(request, 'Rosa', uniqueSurname('Member'));
      await staffBook(request, klass.id, member.user.id);
      await openSignedIn(page, instructor, '/class-instances');
      await expect(page.getByRole('heading', { name: 'My Classes', level: 1 })).toBeVisible();
      await expandClass(
        page
          .getByRole('button', { name: new RegExp(klass.name) })
          .and(page.locator('[aria-controls]'))
          .first(),
      );
      await expect(
        page
          .getByRole('region', { name: new RegExp(klass.name) })
          .getByText(/checked in/)
          .first(),
      ).toBeVisible();
      await check(page, testInfo, 'my-classes-instructor', width);
    });

    test('Class Management: every tab and the edit dialog', async ({ page, request }, testInfo) => {
      test.setTimeout(180_000);
      // A class type of our own, with a class and a series of it: the tables are searched for it.
      const admin = await loginViaApi(request, 'admin');
      const name = `Silks Studio ${uniqueSurname('')}`;
      const type = await createClassType(request, name, { durationMinutes: 60, dropInPriceCents: 2400 });
      await createClass(request, { type: name });
      const [start, end] = [studioClock(30 * 24 * 60).date, studioClock(36 * 24 * 60).date];
      const { instructors } = await gql(request, `{ instructors { id } }`);
      const weekday = new Date(`${start}T12:00:00Z`).getUTCDay();
      await gql(
        request,
        `mutation($input: SeriesInput!) { createClassSeries(input: $input) { series { id } } }`,
        {
          input: {
            blueprintId: type.id,
            instructorId: instructors[0].id,
            weekdays: [weekday],
            startTime: '06:40',
            startDate: start,
            endDate: end,
          },
        },
        admin.token,
      );
      await openSignedIn(page, admin, '/admin/classes');
      await expect(page.getByRole('heading', { name: 'Class Management', level: 1 })).toBeVisible();
      await expect(page.getByText(/^\d+ classes$/)).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search classes' }).fill(name);
      await expect(page.getByText(name).first()).toBeVisible();
      await check(page, testInfo, 'admin-classes', width);

      await page
        .getByRole('button', { name: new RegExp(`^Edit ${name}`) })
        .first()
        .click();
      await expect(page.getByRole('dialog', { name: 'Edit class' })).toBeVisible();
      await check(page, testInfo, 'admin-classes-edit-dialog', width);
      await page.getByRole('dialog', { name: 'Edit class' }).getByRole('button', { name: 'Close' }).click();

      for (const [query, search, shotName, ready] of [
        ['tab=types', 'Search class types', 'types', name],
        ['tab=series', 'Search series', 'series', name],
        ['tab=series&new=1', null, 'series-new', 'Preview'],
        ['tab=closures', null, 'closures', 'Close the studio'],
        ['tab=apparatus', null, 'apparatus', 'Trapeze'],
        ['tab=rules', null, 'rules', 'Cancellation cutoff'],
      ] as const) {
        await page.goto(`/admin/classes?${query}`);
        if (search) await page.getByRole('searchbox', { name: search }).fill(name);
        await expect(page.getByText(ready, { exact: true }).first()).toBeVisible();
        await check(page, testInfo, `admin-classes-${shotName}`, width);
      }

      await page.goto('/admin/classes?tab=types');
      await page.getByRole('button', { name: 'New class type' }).click();
      await expect(page.getByRole('dialog', { name: 'New class type' })).toBeVisible();
      await check(page, testInfo, 'admin-class-type-dialog', width);

      await page.goto('/admin/classes?tab=series');
      await page.getByRole('searchbox', { name: 'Search series' }).fill(name);
      await page.getByRole('button', { name: new RegExp(`^Edit ${name}`) }).click();
      await expect(page.getByRole('dialog', { name: 'Edit series' })).toBeVisible();
      await check(page, testInfo, 'admin-series-edit-dialog', width);
    });

    test('Student Management with a student’s history', async ({ page, request }, testInfo) => {
      const student = await studentWithHistory(request);
      const name = `Sam ${student.user.lastName}`;
      const admin = await loginViaApi(request, 'admin');
      await openSignedIn(page, admin, '/admin/students');
      await expect(page.getByRole('heading', { name: 'Student Management', level: 1 })).toBeVisible();
      // Other specs' members can push ours off the first page: find them by name.
      await expect(page.getByText(/^\d+ students$/)).toBeVisible();
      await check(page, testInfo, 'admin-students', width);

      await page.getByRole('searchbox', { name: 'Search students' }).fill(student.user.lastName.toLowerCase());
      await expect(page.getByText(/^1 student$/)).toBeVisible();
      await expect(page.getByText(name).first()).toBeVisible();
      await page.getByText(name).first().click();
      const drawer = page.getByRole('dialog', { name });
      const history = drawer.getByRole('list', { name: 'Class history of Sam' });
      await expect(history.getByText(/^Checked in /).first()).toBeVisible();
      await expect(drawer.getByText(/^\d+ class(es)?$/)).toBeVisible();
      await check(page, testInfo, 'admin-student-drawer', width);
    });

    test('Attendance: by class, by student and the export dialog', async ({ page, request }, testInfo) => {
      const student = await studentWithHistory(request);
      const admin = await loginViaApi(request, 'admin');
      await openSignedIn(page, admin, '/admin/attendance');
      await expect(page.getByRole('heading', { name: 'Attendance', level: 1 })).toBeVisible();
      await expect(page.getByText('Choose a class')).toBeVisible();
      await expect(page.getByText(/^\d+ class(es)?$/)).toBeVisible();
      await check(page, testInfo, 'admin-attendance', width);

      await page.getByRole('tab', { name: 'By student' }).click();
      await page.getByRole('combobox', { name: 'Find a person' }).fill(student.user.lastName.toLowerCase());
      await page.getByRole('option', { name: new RegExp(`Sam ${student.user.lastName}`) }).click();
      await expect(page.getByRole('list', { name: 'Class history of Sam' })).toBeVisible();
      await check(page, testInfo, 'admin-attendance-student', width);

      await page.getByRole('button', { name: 'Export CSV' }).click();
      await expect(page.getByRole('dialog', { name: 'Export attendance' })).toBeVisible();
      await check(page, testInfo, 'admin-attendance-export', width);
    });
  });
}

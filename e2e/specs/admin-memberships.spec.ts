import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { STUDIO_TZ } from './classSupport';
import { expectAccessible, loginViaApi, openSignedIn, registerAccount, SCREENS, shot, uniqueName, uniqueSurname } from './support';

test.use({ timezoneId: STUDIO_TZ });

/** What the screen shows (a dialog scrolls inside the window), without the toasts in front of it. */
async function screenShot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 0);
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) });
}

for (const width of [1280, 375]) {
  test(`an admin adds a plan, comps it to a member and finds it in the memberships table (${width} px)`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width > 800 ? 800 : 812 });
    const phone = width < 600;
    const planName = `Six a month ${uniqueName('')}`;
    // A member of our own (a comp on a shared demo account would pay for other specs' bookings).
    const lastName = uniqueSurname('Comped');
    await registerAccount(request, { firstName: 'Robin', lastName });
    const admin = await loginViaApi(request, 'admin');

    await openSignedIn(page, admin, '/admin/memberships?tab=plans');
    await expect(page.getByRole('heading', { name: 'Membership Management', level: 1 })).toBeVisible();
    const plans = phone ? page.getByRole('list', { name: 'Plans' }) : page.getByRole('table', { name: 'Plans' });
    await expect(plans).toContainText('Unlimited');
    await expectAccessible(page, testInfo, `admin-memberships-plans-${width}`);
    await shot(page, `admin-memberships-plans-${width}`);

    // A limited plan: 6 classes a month, $99, with a $20 sign-up fee.
    await page.getByRole('button', { name: 'New plan' }).click();
    const form = page.getByRole('dialog', { name: 'New plan' });
    await form.getByLabel(/^Name/).fill(planName);
    await form.getByLabel(/^Price/).fill('99');
    await form.getByLabel('Unlimited classes').uncheck();
    await form.getByLabel(/^Classes per period/).fill('6');
    await form.getByLabel(/^Sign-up fee/).fill('20');
    await expectAccessible(page, testInfo, `admin-memberships-new-plan-${width}`);
    await screenShot(page, `admin-memberships-new-plan-${width}`);
    await form.getByRole('button', { name: 'Add plan' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Plan added' })).toBeVisible();
    const planRow = phone
      ? plans.getByRole('listitem').filter({ hasText: planName })
      : plans.getByRole('row').filter({ hasText: planName });
    await expect(planRow).toContainText('$99.00 / month');
    await expect(planRow).toContainText('6 a month');
    await expect(planRow).toContainText('$20.00');

    // Comp it to the member.
    await page.getByRole('tab', { name: 'Memberships' }).click();
    await expect(page.getByText(/^\d+ memberships?$/)).toBeVisible();
    await page.getByRole('button', { name: 'Comp a membership' }).click();
    const comp = page.getByRole('dialog', { name: 'Comp a membership' });
    await comp.getByRole('combobox', { name: /^Member/ }).fill(lastName);
    await page.getByRole('option', { name: new RegExp(`Robin ${lastName}`) }).click();
    await comp.getByRole('combobox', { name: /^Plan/ }).click();
    await page.getByRole('option', { name: new RegExp(`^${planName}`) }).click();
    await expectAccessible(page, testInfo, `admin-memberships-comp-${width}`);
    await screenShot(page, `admin-memberships-comp-${width}`);
    await comp.getByRole('button', { name: 'Comp membership' }).click();
    const comped = page.getByTestId('toast').filter({ hasText: 'Membership comped' });
    await expect(comped).toContainText(`Robin ${lastName} now has ${planName}`);
    // Closed as a person on a phone would: at 375 px it sits over the list, and a pointer resting on it holds it open.
    await comped.getByRole('button', { name: 'Close' }).click();
    await expect(comped).toBeHidden();

    // The table finds it: active, comped, nothing used yet, renewing in a month.
    await page.getByRole('searchbox', { name: 'Search members' }).fill(lastName);
    const row = phone
      ? page.getByRole('list', { name: 'Memberships' }).getByRole('listitem')
      : page.getByRole('row').filter({ hasText: lastName });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(planName);
    await expect(row).toContainText('Active');
    await expect(row).toContainText(/comp/i);
    await expect(row).toContainText('0 of 6');
    await expect(row).toContainText(/Renews \w{3} \d+, \d{4}/);
    await expectAccessible(page, testInfo, `admin-memberships-${width}`);
    await shot(page, `admin-memberships-${width}`);

    // Its actions: a pause from today for two weeks.
    await row.getByRole('button', { name: `Actions for Robin ${lastName}` }).click();
    await page.getByRole('menuitem', { name: 'Pause…' }).click();
    const pause = page.getByRole('dialog', { name: `Pause Robin ${lastName}'s membership` });
    await expect(pause.getByLabel(/^From/)).not.toHaveValue('');
    await screenShot(page, `admin-memberships-pause-${width}`);
    await pause.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Membership paused' })).toBeVisible();
    await expect(row).toContainText('Paused');
  });
}

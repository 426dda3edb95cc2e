import { expect, test } from '@playwright/test';
import { expectAccessible, loginViaApi, openSignedIn, shot } from './support';

test('an admin sees every queue, runs one now and reads its runs in the drawer', async ({ page, request }, testInfo) => {
  const admin = await loginViaApi(request, 'admin');
  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, admin, '/admin/scheduled-jobs');
  await expect(page.getByRole('heading', { name: 'Scheduled Jobs' })).toBeVisible();
  const sweep = page.getByRole('row').filter({ hasText: 'email-sweep' });
  await expect(sweep).toContainText('* * * * *UTC');
  await expect(page.getByRole('row').filter({ hasText: 'email-deliver' })).toContainText('For each job sent');
  await expectAccessible(page, testInfo, 'scheduled-jobs');
  await shot(page, 'scheduled-jobs-1280');

  await sweep.getByRole('button', { name: 'Run now: email-sweep' }).click();
  await expect(page.getByText('email-sweep queued to run now')).toBeVisible();
  await sweep.getByText('email-sweep', { exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'email-sweep' });
  await expect(drawer.getByTestId('job-run').filter({ hasText: 'Run now' }).first()).toContainText('Completed', { timeout: 20_000 });
  await shot(page, 'scheduled-jobs-drawer-1280');

  await page.setViewportSize({ width: 375, height: 800 });
  await shot(page, 'scheduled-jobs-drawer-375');
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('list', { name: 'Scheduled jobs' })).toBeVisible();
  await shot(page, 'scheduled-jobs-375');
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, gql, loginViaApi, openSignedIn, registerAccount, shot, signOwnWaiver, uniqueName, yearsAgo } from './support';

/** The newest invite link emailed to `address`, from the studio's outbox (this run has no SMTP server: email is held). */
async function inviteLinkSentTo(request: APIRequestContext, address: string): Promise<string> {
  const admin = await loginViaApi(request, 'admin');
  for (let attempt = 0; attempt < 50; attempt++) {
    const { outboxEmails } = await gql(request, `{ outboxEmails(pageSize: 100) { items { to kind text } } }`, {}, admin.token);
    const mail = outboxEmails.items.find((m: { to: string; kind: string }) => m.to === address && m.kind === 'family_invite');
    const link = mail && /https?:\/\/\S+\/register\?invite=[\w-]+/.exec(mail.text);
    if (link) return new URL(link[0]).pathname + new URL(link[0]).search;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No invite email to ${address}`);
}

async function drawSignature(page: Page) {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  for (const [x, y] of [
    [0.3, 0.3],
    [0.5, 0.7],
    [0.8, 0.35],
  ])
    await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 5 });
  await page.mouse.up();
}

test('a parent invites her 19-year-old from /family; he makes his own login and signs his own waiver', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.slow(); // two browsers, two accounts and a waiver signed: 40 s of steps on two workers, over the default 45 s
  // A parent of our own with a 10-year-old and a 19-year-old (the demo family is left alone).
  const parent = await registerAccount(request, { parent: true, firstName: 'Paula', lastName: 'Lindqvist' });
  await signOwnWaiver(request, parent);
  const ADD = `mutation($input: FamilyMemberInput!) { addFamilyMember(input: $input) { id } }`;
  await gql(request, ADD, { input: { firstName: 'Mia', lastName: 'Lindqvist', birthday: yearsAgo(10) } }, parent.token);
  const { addFamilyMember: leo } = await gql(
    request,
    ADD,
    { input: { firstName: 'Leo', lastName: 'Lindqvist', birthday: yearsAgo(19) } },
    parent.token,
  );

  await page.setViewportSize({ width: 1280, height: 900 });
  await openSignedIn(page, parent, '/family');
  const leoCard = page.getByRole('listitem').filter({ hasText: 'Leo Lindqvist' });
  const miaCard = page.getByRole('listitem').filter({ hasText: 'Mia Lindqvist' });
  await expect(leoCard.getByRole('button', { name: 'Invite to own login' })).toBeVisible();
  await shot(page, 'family-adult-1280');
  await expect(miaCard.getByRole('button', { name: /Invite/ })).toHaveCount(0);

  const address = `${uniqueName('leo')}@example.test`;
  await leoCard.getByRole('button', { name: 'Invite to own login' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite Leo' });
  await dialog.getByLabel(/Leo’s email/).fill(parent.username + '@example.test');
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(dialog).toContainText('Use Leo’s own email address, not yours.');
  await dialog.getByLabel(/Leo’s email/).fill(address);
  await shot(page, 'family-invite-dialog-1280');
  await dialog.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByTestId('toast')).toContainText('We emailed Leo a link to create their login.');
  await expect(leoCard).toContainText(`Sent to ${address}`);
  await expect(leoCard.getByRole('button', { name: 'Resend' })).toBeVisible();
  await expectAccessible(page, testInfo, 'family-invited');
  await shot(page, 'family-invited-1280');
  await page.setViewportSize({ width: 375, height: 812 });
  await shot(page, 'family-invited-375');

  // Resending replaces the link: only the newest one works.
  const first = await inviteLinkSentTo(request, address);
  await leoCard.getByRole('button', { name: 'Resend' }).click();
  await page.getByRole('dialog', { name: 'Send Leo a new link' }).getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByTestId('toast')).toContainText('We emailed Leo');
  // The outbox lists the newest first: the link just sent.
  const latest = await inviteLinkSentTo(request, address);
  expect(latest).not.toBe(first);

  // Leo opens the link on his own phone.
  const leoContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const leoPage = await leoContext.newPage();
  await leoPage.goto(first);
  await expect(leoPage.getByRole('heading', { name: 'This invite link does not work' })).toBeVisible();
  await leoPage.goto(latest);
  await expect(leoPage.getByRole('heading', { name: 'Welcome, Leo!' })).toBeVisible();
  await expect(leoPage.getByText('Paula Lindqvist invited you')).toBeVisible();
  await expect(leoPage.getByText(address)).toBeVisible();
  await expectAccessible(leoPage, testInfo, 'accept-invite');
  await shot(leoPage, 'accept-invite-375');
  const username = uniqueName('leo');
  await leoPage.getByLabel(/^Username/).fill(username);
  await leoPage.getByLabel(/^Password/).fill('climbing-the-silks-19');
  await leoPage.getByLabel(/^Confirm password/).fill('climbing-the-silks-19');
  await leoPage.getByRole('button', { name: 'Create my login' }).click();

  // Straight to his own waiver: just him, nobody else to sign for.
  await leoPage.waitForURL(/\/waiver$/);
  await expect(leoPage.getByRole('checkbox', { name: /Leo Lindqvist \(you\)/ })).toBeChecked();
  await leoPage.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await leoPage.getByRole('textbox', { name: /Full name/ }).fill('Leo Lindqvist');
  await drawSignature(leoPage);
  await leoPage.getByRole('button', { name: 'Sign Waiver(s)' }).click();
  await expect(leoPage.getByTestId('toast')).toContainText('Waivers signed successfully');
  await leoPage.waitForURL(/\/dashboard$/);
  await leoContext.close();

  // His record became his account: the parent sees his own login and his signed waiver.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/family');
  await expect(leoCard).toContainText('Own login');
  await expect(leoCard).toContainText('Waiver signed');
  await expect(leoCard.getByRole('button', { name: 'Edit Leo Lindqvist' })).toHaveCount(0);
  await shot(page, 'family-accepted-1280');
  const { login } = await gql(request, `mutation($u: String!, $p: String!) { login(username: $u, password: $p) { user { id } } }`, {
    u: username,
    p: 'climbing-the-silks-19',
  });
  expect(login.user.id).toBe(leo.id);
});

import { expect, test, type Page } from '@playwright/test';
import { gql, newStaff, openSignedIn, registerAccount, shot, signOwnWaiver, uniqueName, uniqueSurname } from './support';

/** Resolves once the page's conversation subscription has sent its first event (it is listening from then on). */
function listening(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => ws.on('framereceived', (frame) => String(frame.payload).includes('"resync"') && resolve()));
  });
}

const desktop = { viewport: { width: 1280, height: 800 } };

test('a parent and an instructor chat live, with typing and read receipts; it looks right on a phone too', async ({ browser, request }) => {
  test.setTimeout(90_000);
  // A family and an instructor of its own.
  const parent = await registerAccount(request, { parent: true, firstName: 'Nora', lastName: uniqueName('Fam') });
  await signOwnWaiver(request, parent);
  const instructor = await newStaff(request, 'instructor', 'Iris', uniqueSurname('Staff'));
  const family = (await gql(request, `{ staffChat { conversations { id kind } } }`, {}, parent.token)).staffChat.conversations[0].id;

  const [parentContext, staffContext] = [await browser.newContext(desktop), await browser.newContext(desktop)];
  const [home, studio] = [await parentContext.newPage(), await staffContext.newPage()];
  const live = [listening(home), listening(studio)];
  await openSignedIn(home, parent, '/staff-chat');
  await openSignedIn(studio, instructor, `/staff-chat?c=${family}`);
  await expect(home.getByRole('heading', { name: 'Studio staff' })).toBeVisible();
  await expect(studio.getByRole('heading', { name: /\(family\)$/ })).toBeVisible();
  await Promise.all(live);

  // The parent types: the instructor sees it, then the message arrives without a reload, as text.
  const words = `Can Mia switch to Thursday? <b>${uniqueName('x')}</b>`;
  await home.getByRole('textbox', { name: 'Message' }).pressSequentially('Can Mia', { delay: 20 });
  await expect(studio.getByText('Nora is typing…')).toBeVisible();
  await home.getByRole('textbox', { name: 'Message' }).fill(words);
  await home.getByRole('button', { name: 'Send' }).click();
  await expect(studio.getByTestId('chat-messages').getByText(words)).toBeVisible();

  // The instructor has it on screen, so it is read: the parent sees the receipt.
  await expect(home.getByTestId('seen-by')).toHaveText('Seen by Iris');

  // And back: the instructor answers; the parent's screen shows it and the instructor sees Nora's receipt.
  await studio.getByRole('textbox', { name: 'Message' }).fill('Yes — Thursday 4:30 pm has room. See you then!');
  await studio.getByRole('button', { name: 'Send' }).click();
  await expect(home.getByTestId('chat-messages').getByText('Yes — Thursday 4:30 pm has room. See you then!')).toBeVisible();
  await expect(studio.getByTestId('seen-by')).toHaveText('Seen by Nora');
  await shot(studio, 'staff-chat-1280');

  // A phone: the list first, then the thread with a way back.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });
  const small = await phone.newPage();
  await openSignedIn(small, instructor, '/staff-chat');
  await expect(small.getByRole('list', { name: 'Conversations' }).getByText('Staff room')).toBeVisible();
  await shot(small, 'staff-chat-375-list');
  // This test's family by name: other specs' families talk at the same time and may be on top of the list.
  await small.getByRole('list', { name: 'Conversations' }).getByText(`${parent.user.firstName} ${parent.user.lastName} (family)`).click();
  await expect(small.getByRole('button', { name: 'Back to conversations' })).toBeVisible();
  await expect(small.getByTestId('chat-messages').getByText('Yes — Thursday 4:30 pm has room. See you then!')).toBeVisible();
  await shot(small, 'staff-chat-375-thread');
  await Promise.all([parentContext.close(), staffContext.close(), phone.close()]);
});

test('feedback sent by a member shows up live in the staff Feedback thread', async ({ browser, request }) => {
  const member = await registerAccount(request, { firstName: 'Quinn' });
  await signOwnWaiver(request, member);
  const teacher = await newStaff(request, 'teacher', 'Tess', uniqueSurname('Staff'));
  const feedbackId = (await gql(request, `{ staffChat { conversations { id kind } } }`, {}, teacher.token)).staffChat.conversations.find(
    (c: { kind: string }) => c.kind === 'feedback',
  ).id;
  const [memberContext, staffContext] = [await browser.newContext(desktop), await browser.newContext(desktop)];
  const [page, studio] = [await memberContext.newPage(), await staffContext.newPage()];
  const live = listening(studio);
  await openSignedIn(studio, teacher, `/staff-chat?c=${feedbackId}`);
  await expect(studio.getByRole('heading', { name: 'Feedback' })).toBeVisible();
  await live;

  await openSignedIn(page, member, '/dashboard');
  const text = `The hammock room is cold in the mornings ${uniqueName('')}`;
  await page.getByRole('button', { name: 'Feedback' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: 'Message' }).fill(text);
  await dialog.getByRole('button', { name: /Send|Submit/ }).click();
  await expect(page.getByTestId('toast')).toContainText('Feedback Submitted');
  await expect(studio.getByTestId('chat-messages').getByText(`[general] ${text}`)).toBeVisible();
  await Promise.all([memberContext.close(), staffContext.close()]);
});

test('staff message a family that has not used the chat yet; the parent finds the message in their thread', async ({
  browser,
  request,
}) => {
  const lastName = uniqueName('Picked');
  const parent = await registerAccount(request, { parent: true, firstName: 'Odile', lastName });
  await signOwnWaiver(request, parent);
  const teacher = await newStaff(request, 'teacher', 'Tess', uniqueSurname('Staff'));
  const [staffContext, parentContext] = [await browser.newContext(desktop), await browser.newContext(desktop)];
  const [studio, home] = [await staffContext.newPage(), await parentContext.newPage()];
  await openSignedIn(studio, teacher, '/staff-chat');
  await studio.getByRole('button', { name: 'Message a family' }).click();
  const dialog = studio.getByRole('dialog', { name: 'Message a family' });
  await dialog.getByRole('textbox', { name: 'Search families' }).fill(lastName);
  await dialog.getByText(`Odile ${lastName}`).click();
  await expect(dialog).toBeHidden();
  await expect(studio.getByRole('heading', { name: `Odile ${lastName} (family)` })).toBeVisible();
  await studio.getByRole('textbox', { name: 'Message' }).fill('Welcome to the studio, Odile! Ask us anything here.');
  await studio.getByRole('button', { name: 'Send' }).click();
  await expect(studio.getByTestId('chat-messages').getByText('Welcome to the studio, Odile! Ask us anything here.')).toBeVisible();

  await openSignedIn(home, parent, '/staff-chat');
  await expect(home.getByRole('heading', { name: 'Studio staff' })).toBeVisible();
  await expect(home.getByTestId('chat-messages').getByText('Welcome to the studio, Odile! Ask us anything here.')).toBeVisible();
  await Promise.all([staffContext.close(), parentContext.close()]);
});

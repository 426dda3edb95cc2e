import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, makeUser, renderApp, type Handler } from '../../../../test/utils';
import EmailPage from './EmailPage';

jest.setTimeout(60_000);

const admin = () => fakeSession({ user: makeUser({ role: 'admin', id: 'u-admin' }) });
const member = (userId: string, name: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'MailingAudienceMember' as const,
  userId,
  name,
  address: `${userId}@example.test`,
  viaParent: false,
  excludedReason: null,
  ...extra,
});
const choices: Handler = () => ({
  data: {
    groups: [{ __typename: 'Group', id: 'g1', name: 'Friday crew', kind: 'manual' }],
    adminClassInstances: { __typename: 'ClassInstancePage', items: [] },
  },
});
const audience: Handler = () => ({
  data: {
    mailingAudience: {
      __typename: 'MailingAudienceSummary',
      recipients: 2,
      excluded: [{ __typename: 'MailingExclusionCount', reason: 'unsubscribed', count: 1 }],
      sample: [member('u1', 'Anya Lee'), member('u2', 'Kit Moss', { viaParent: true, address: 'pat@example.test' })],
      excludedSample: [member('u3', 'Olly Ray', { excludedReason: 'unsubscribed' })],
    },
  },
});
const row = (extra: Record<string, unknown> = {}) => ({
  __typename: 'Mailing' as const,
  id: 'm1',
  subject: 'Showcase tickets',
  status: 'sending',
  scheduledAt: '2026-12-03T10:00:00Z',
  startedAt: '2026-12-03T10:00:00Z',
  finishedAt: null,
  createdAt: '2026-12-03T10:00:00Z',
  createdByName: 'Ada Admin',
  stateCounts: [
    { __typename: 'MailingStateCount', state: 'sent', count: 40 },
    { __typename: 'MailingStateCount', state: 'failed', count: 1 },
  ],
  ...extra,
});

it('shows who a mailing reaches and who is left out, checks the message, and sends it after a confirmation', async () => {
  const { calls } = renderApp(<EmailPage />, {
    session: admin(),
    route: '/admin/email',
    handlers: {
      MailingChoices: choices,
      MailingAudienceCheck: audience,
      CreateMailing: { data: { createMailing: row({ status: 'scheduled' }) } },
      AdminMailings: { data: { mailings: { __typename: 'MailingPage', total: 1, items: [row()] } } },
    },
  });
  expect(await screen.findByText('Choose groups, roles, classes or people to see who it reaches.')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'Student' }));
  const recipients = await screen.findByText('people receive it');
  const card = recipients.closest('div')!.parentElement!;
  expect(within(card).getByText('Anya Lee, Kit Moss (to their parent)')).toBeInTheDocument();
  expect(within(card).getByText('1 unsubscribed')).toBeInTheDocument();

  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(await screen.findByText('Give the email a subject.')).toBeInTheDocument();
  fireEvent.change(screen.getByRole('textbox', { name: /^Subject/ }), { target: { value: 'Hi {{lastName}}' } });
  fireEvent.change(screen.getByRole('textbox', { name: /^Body/ }), { target: { value: 'See you at the showcase, ' } });
  fireEvent.click(screen.getByRole('button', { name: 'First name' }));
  expect(screen.getByRole('textbox', { name: /^Body/ })).toHaveValue('See you at the showcase, {{firstName}}');
  expect(await screen.findByText(/Unknown merge field \{\{lastName\}\}/)).toBeInTheDocument();
  fireEvent.change(screen.getByRole('textbox', { name: /^Subject/ }), { target: { value: 'Showcase tickets' } });
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));

  const confirm = await screen.findByRole('dialog', { name: 'Send this mailing?' });
  expect(await within(confirm).findByText(/It goes to 2 people now/)).toBeInTheDocument();
  fireEvent.click(within(confirm).getByRole('button', { name: 'Send' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'CreateMailing')).toBeDefined());
  expect(calls.find((c) => c.operationName === 'CreateMailing')!.variables.input).toEqual({
    subject: 'Showcase tickets',
    body: 'See you at the showcase, {{firstName}}',
    audience: { groupIds: [], roles: ['student'], classInstanceIds: [], userIds: [] },
    scheduledAt: null,
    attachmentIds: [],
  });
  // Sent: the history tab opens with the mailing's progress.
  expect(await screen.findByText('Showcase tickets')).toBeInTheDocument();
  expect(screen.getByText('40 sent')).toBeInTheDocument();
});

it('lists each recipient of a mailing with the reason one failed, and can cancel the rest', async () => {
  const { calls } = renderApp(<EmailPage />, {
    session: admin(),
    route: '/admin/email?tab=sent',
    handlers: {
      AdminMailings: { data: { mailings: { __typename: 'MailingPage', total: 1, items: [row()] } } },
      AdminMailingRecipients: {
        data: {
          mailing: {
            ...row(),
            body: 'Hello',
            recipients: {
              __typename: 'MailingRecipientPage',
              total: 2,
              items: [
                {
                  __typename: 'MailingRecipientRow',
                  userId: 'u1',
                  name: 'Anya Lee',
                  address: 'a@example.test',
                  viaParent: false,
                  state: 'sent',
                  reason: null,
                },
                {
                  __typename: 'MailingRecipientRow',
                  userId: 'u2',
                  name: 'Ned Oak',
                  address: 'n@example.test',
                  viaParent: false,
                  state: 'bounced',
                  reason: '550 No such user here',
                },
              ],
            },
          },
        },
      },
      CancelMailing: { data: { cancelMailing: row({ status: 'cancelled' }) } },
    },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Recipients of Showcase tickets' }));
  const drawer = await screen.findByRole('dialog', { name: 'Showcase tickets' });
  expect(await within(drawer).findByText('550 No such user here')).toBeInTheDocument();
  const ned = within(drawer).getByText('Ned Oak').closest('li')!;
  expect(within(ned).getByText('Bounced')).toBeInTheDocument();
  fireEvent.click(within(drawer).getByRole('button', { name: 'Cancel the rest' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'CancelMailing')?.variables).toEqual({ id: 'm1' }));
});

it('opens an outbox email with its content and resends it', async () => {
  const email = {
    __typename: 'OutboxEmail' as const,
    id: 'e1',
    to: 'pat@example.test',
    subject: 'Your receipt',
    kind: 'order_receipt',
    status: 'held',
    attempts: 0,
    bounced: false,
    lastError: null,
    createdAt: '2026-12-03T10:00:00Z',
    sentAt: null,
  };
  const { calls } = renderApp(<EmailPage />, {
    session: admin(),
    route: '/admin/email?tab=outbox',
    handlers: {
      AdminOutbox: { data: { outboxEmails: { __typename: 'OutboxEmailPage', total: 1, items: [email] } } },
      AdminOutboxEmail: { data: { outboxEmail: { ...email, text: 'Thank you for your order.', html: null } } },
      ResendEmail: { data: { resendEmail: { ...email, id: 'e2', status: 'pending' } } },
    },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Open email to pat@example.test: Your receipt' }));
  const drawer = await screen.findByRole('dialog', { name: 'Your receipt' });
  expect(await within(drawer).findByText('Thank you for your order.')).toBeInTheDocument();
  fireEvent.click(within(drawer).getByRole('button', { name: 'Resend' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'ResendEmail')?.variables).toEqual({ id: 'e1' }));
  expect(await screen.findByText('Sent again to pat@example.test')).toBeInTheDocument();
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, makeUser, renderApp, type Handler } from '../../../../test/utils';
import type { AdminWebhookEndpointFragment } from './webhooks.generated';
import WebhooksPage from './WebhooksPage';

jest.setTimeout(60_000);

const endpoint = (
  id: string,
  extra: Partial<Omit<AdminWebhookEndpointFragment, 'lastDelivery'>> & { lastDelivery?: object | null } = {},
) => ({
  __typename: 'WebhookEndpoint' as const,
  id,
  url: `https://hooks.example.com/${id}`,
  description: '',
  eventTypes: ['booking.created'],
  enabled: true,
  disabledAt: null,
  disabledReason: null,
  failingSince: null,
  previousSecretUntil: null,
  createdAt: '2026-12-01T10:00:00Z',
  lastDelivery: null,
  ...extra,
});
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

const list: Handler = () => ({
  data: {
    webhookEndpoints: [
      endpoint('e1', {
        description: 'Accounting',
        eventTypes: ['order.paid', 'order.refunded'],
        lastDelivery: {
          __typename: 'WebhookDelivery',
          id: 'd1',
          type: 'order.paid',
          state: 'succeeded',
          attempts: 1,
          createdAt: '2026-12-03T09:00:00Z',
        },
      }),
      endpoint('e2', { enabled: false, disabledReason: 'The receiver answered 410 Gone', disabledAt: '2026-12-02T09:00:00Z' }),
    ],
  },
});
const admin = () => fakeSession({ user: makeUser({ role: 'admin', id: 'u-admin' }) });

it('lists endpoints with their events, state and last delivery', async () => {
  renderApp(<WebhooksPage />, { session: admin(), route: '/admin/webhooks', handlers: { AdminWebhookEndpoints: list } });
  const first = (await screen.findByText('https://hooks.example.com/e1')).closest('li')!;
  expect(within(first).getByText('order.paid')).toBeInTheDocument();
  expect(within(first).getByText('order.refunded')).toBeInTheDocument();
  expect(within(first).getByText('Active')).toBeInTheDocument();
  expect(within(first).getByText('Delivered')).toBeInTheDocument();
  const second = screen.getByText('https://hooks.example.com/e2').closest('li')!;
  expect(within(second).getByText('Disabled')).toBeInTheDocument();
  expect(within(second).getByText(/The receiver answered 410 Gone/)).toBeInTheDocument();
  expect(within(second).getByRole('button', { name: 'Send a test event to https://hooks.example.com/e2' })).toBeDisabled();
  expect(within(second).getByRole('button', { name: 'Enable https://hooks.example.com/e2' })).toBeInTheDocument();
});

it('creates an endpoint with the shared rules and shows its secret once', async () => {
  const { calls } = renderApp(<WebhooksPage />, {
    session: admin(),
    route: '/admin/webhooks',
    handlers: {
      AdminWebhookEndpoints: { data: { webhookEndpoints: [] } },
      CreateWebhookEndpoint: (op) => ({
        data: {
          createWebhookEndpoint: {
            __typename: 'WebhookEndpointWithSecret',
            secret: SECRET,
            endpoint: endpoint('e3', {
              url: (op.variables.input as { url: string }).url,
              eventTypes: ['booking.created', 'checkin.created'],
            }),
          },
        },
      }),
    },
  });
  expect(await screen.findByText('No endpoints yet')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'New endpoint' }));
  const dialog = await screen.findByRole('dialog', { name: 'New webhook endpoint' });
  fireEvent.change(within(dialog).getByRole('textbox', { name: /^Address/ }), { target: { value: 'ftp://example.com' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create endpoint' }));
  expect(await within(dialog).findByText('The address must start with https:// (or http://).')).toBeInTheDocument();
  expect(within(dialog).getByText('Choose at least one event type.')).toBeInTheDocument();
  fireEvent.change(within(dialog).getByRole('textbox', { name: /^Address/ }), { target: { value: 'https://crm.example.com/hooks' } });
  fireEvent.click(within(dialog).getByRole('checkbox', { name: /checkin\.created/ }));
  fireEvent.click(within(dialog).getByRole('checkbox', { name: /booking\.created/ }));
  fireEvent.click(within(dialog).getByRole('button', { name: 'Create endpoint' }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'CreateWebhookEndpoint')).toBeDefined());
  expect(calls.find((c) => c.operationName === 'CreateWebhookEndpoint')!.variables.input).toEqual({
    url: 'https://crm.example.com/hooks',
    description: '',
    eventTypes: ['booking.created', 'checkin.created'],
  });
  const shown = await screen.findByRole('dialog', { name: 'Endpoint created: its signing secret' });
  expect(within(shown).getByRole('textbox', { name: 'Secret' })).toHaveValue(SECRET);
  fireEvent.click(within(shown).getByRole('button', { name: 'Done' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
});

it('shows a delivery log with each attempt and replays a delivery', async () => {
  const delivery = {
    __typename: 'WebhookDelivery' as const,
    id: 'd9',
    messageId: 'msg_1',
    type: 'order.paid',
    state: 'pending',
    attempts: 1,
    nextAt: '2026-12-03T09:00:05Z',
    createdAt: '2026-12-03T09:00:00Z',
    succeededAt: null,
    body: '{}',
    attemptLog: [
      {
        __typename: 'WebhookAttempt',
        id: 'a1',
        status: 500,
        durationMs: 42,
        response: 'database down',
        error: null,
        at: '2026-12-03T09:00:00Z',
      },
    ],
  };
  const { calls } = renderApp(<WebhooksPage />, {
    session: admin(),
    route: '/admin/webhooks',
    handlers: {
      AdminWebhookEndpoints: list,
      WebhookDeliveryLog: {
        data: { webhookDeliveries: { __typename: 'WebhookDeliveryPage', endCursor: null, hasNextPage: false, nodes: [delivery] } },
      },
      ReplayWebhookDelivery: { data: { replayWebhookDelivery: { ...delivery, attempts: 0 } } },
    },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Deliveries to https://hooks.example.com/e1' }));
  const log = await screen.findByRole('dialog', { name: 'Deliveries to https://hooks.example.com/e1' });
  expect(await within(log).findByText('database down')).toBeInTheDocument();
  expect(within(log).getByText('500')).toBeInTheDocument();
  expect(within(log).getByText('42 ms')).toBeInTheDocument();
  fireEvent.click(within(log).getByRole('button', { name: /^Replay order\.paid/ }));
  await waitFor(() => expect(calls.find((c) => c.operationName === 'ReplayWebhookDelivery')?.variables).toEqual({ id: 'd9' }));
  expect(await screen.findByText('Sent again')).toBeInTheDocument();
});

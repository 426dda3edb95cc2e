import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, makeUser, renderApp } from '../../../../test/utils';
import AdminStripePage from './AdminStripePage';

const order = {
  __typename: 'Order',
  id: 'o-1',
  createdAt: '2030-03-04T18:00:00.000Z',
  totalCents: 7800,
  refundedCents: 0,
  status: 'paid',
  owner: { __typename: 'PersonSummary', id: 'u-2', name: 'Quinn Member' },
  lines: [
    {
      __typename: 'OrderLine',
      id: 'l-1',
      description: 'Silks Intro for Quinn',
      quantity: 1,
      totalCents: 2800,
      refundedCents: 0,
      refundableCents: 2800,
    },
    {
      __typename: 'OrderLine',
      id: 'l-2',
      description: 'Studio tee (M)',
      quantity: 2,
      totalCents: 5000,
      refundedCents: 0,
      refundableCents: 5000,
    },
  ],
  refunds: [],
};
const event = (id: string, status: string, lastError: string | null, duplicates = 0) => ({
  __typename: 'PaymentEvent',
  id,
  type: 'checkout.session.completed',
  status,
  attempts: 1,
  duplicates,
  lastError,
  receivedAt: '2030-03-04T18:00:00.000Z',
});
const overview = (mode: string, more: { orders?: unknown[] } = {}) => ({
  data: {
    paymentsOverview: {
      __typename: 'PaymentsOverview',
      mode,
      secretKeySet: mode.startsWith('stripe'),
      webhookSecretSet: mode.startsWith('stripe'),
      webhookUrl: 'https://studio.example/api/stripe/webhook',
      events: [event('evt_1', 'processed', null, 2), event('evt_2', 'failed', 'orders are down')],
      orders: [order],
      ...more,
    },
  },
});

it('shows the provider, whether each key is set (never a key), the webhook URL and the events with their state', async () => {
  renderApp(<AdminStripePage />, {
    session: fakeSession({ user: makeUser({ role: 'admin' }) }),
    handlers: { PaymentsOverview: overview('stripe_live') },
  });
  expect(await screen.findByTestId('payment-mode')).toHaveTextContent('Stripe (live)');
  const provider = screen.getByRole('region', { name: 'Provider' });
  expect(provider).toHaveTextContent('STRIPE_SECRET_KEYSet');
  expect(provider).toHaveTextContent('https://studio.example/api/stripe/webhook');
  const events = screen.getAllByTestId('payment-event');
  expect(events[0]).toHaveTextContent('Processed (2 duplicates)');
  expect(events[1]).toHaveTextContent('Failed: orders are down');
  expect(within(events[0]).queryByRole('button', { name: 'Replay' })).not.toBeInTheDocument();
});

it('says what to configure when payments are not set up', async () => {
  renderApp(<AdminStripePage />, {
    session: fakeSession({ user: makeUser({ role: 'admin' }) }),
    handlers: { PaymentsOverview: overview('not_set_up') },
  });
  expect(await screen.findByTestId('payment-mode')).toHaveTextContent('Not set up');
  expect(screen.getByRole('region', { name: 'Provider' })).toHaveTextContent('Set STRIPE_SECRET_KEY');
});

it('replays a failed event; a refund asks why and says how much goes back to whose card', async () => {
  const { calls } = renderApp(<AdminStripePage />, {
    session: fakeSession({ user: makeUser({ role: 'admin' }) }),
    handlers: {
      PaymentsOverview: overview('stripe_test'),
      ReplayPaymentEvent: { data: { replayPaymentEvent: event('evt_2', 'processed', null) } },
      RefundOrder: { data: { refundOrder: { ...order, refundedCents: 2800, status: 'partially_refunded' } } },
    },
  });
  const [, failed] = await screen.findAllByTestId('payment-event');
  fireEvent.click(within(failed).getByRole('button', { name: 'Replay' }));
  await waitFor(() => expect(failed).toHaveTextContent('Processed'));
  expect(calls.find((c) => c.operationName === 'ReplayPaymentEvent')?.variables).toEqual({ eventId: 'evt_2' });

  const row = screen.getByTestId('admin-order');
  fireEvent.click(within(row).getByRole('button', { name: 'Lines' }));
  fireEvent.click(screen.getAllByRole('button', { name: 'Refund line' })[0]);
  const dialog = await screen.findByRole('dialog', { name: 'Refund Silks Intro for Quinn?' });
  expect(within(dialog).getByTestId('refund-destination')).toHaveTextContent('$28.00 back to Quinn Member’s card.');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $28.00' }));
  expect(await within(dialog).findByText('Say why, for the order’s record.')).toBeInTheDocument();
  expect(calls.some((c) => c.operationName === 'RefundOrder')).toBe(false);

  fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Class moved, could not come' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Refund $28.00' }));
  await waitFor(() => expect(row).toHaveTextContent('−$28.00 refunded'));
  expect(calls.find((c) => c.operationName === 'RefundOrder')?.variables).toEqual({
    orderId: 'o-1',
    lineIds: ['l-1'],
    reason: 'Class moved, could not come',
  });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

it('a whole-order refund of a walk-in sale goes back to the card it was paid with', async () => {
  renderApp(<AdminStripePage />, {
    session: fakeSession({ user: makeUser({ role: 'admin' }) }),
    handlers: { PaymentsOverview: overview('stripe_test', { orders: [{ ...order, owner: null }] }) },
  });
  const row = await screen.findByTestId('admin-order');
  fireEvent.click(within(row).getByRole('button', { name: 'Refund' }));
  const dialog = await screen.findByRole('dialog', { name: 'Refund the whole order?' });
  expect(within(dialog).getByTestId('refund-destination')).toHaveTextContent('$78.00 back to the card it was paid with.');
});

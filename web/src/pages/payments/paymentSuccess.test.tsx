import { screen, within } from '@testing-library/react';
import { fakeSession, makeUser, renderApp } from '../../../test/utils';
import PaymentSuccessPage from './PaymentSuccessPage';

const order = {
  __typename: 'Order',
  id: 'o-1',
  createdAt: '2030-03-04T18:00:00.000Z',
  totalCents: 7800,
  refundedCents: 0,
  status: 'paid',
  checkoutSessionId: 'cs_1',
  lines: [
    {
      __typename: 'OrderLine',
      id: 'l-1',
      kind: 'class',
      description: 'Silks Intro on 2030-03-05 at 18:00 for Sam',
      quantity: 1,
      unitCents: 2800,
      totalCents: 2800,
    },
    { __typename: 'OrderLine', id: 'l-2', kind: 'product', description: 'Studio tee (M)', quantity: 2, unitCents: 2500, totalCents: 5000 },
  ],
};
const route = '/payment-success?session_id=cs_1';

it('shows the order of the returned session: its lines and total', async () => {
  const { calls } = renderApp(<PaymentSuccessPage />, {
    route,
    session: fakeSession({ user: makeUser() }),
    handlers: { CheckoutResult: { data: { checkoutResult: { __typename: 'CheckoutResult', status: 'completed', order } } } },
  });
  const shown = await screen.findByTestId('paid-order');
  expect(
    within(shown)
      .getAllByTestId('order-line')
      .map((l) => l.textContent),
  ).toEqual(['1 × Silks Intro on 2030-03-05 at 18:00 for Sam$28.00', '2 × Studio tee (M)$50.00']);
  expect(within(shown).getByTestId('order-total')).toHaveTextContent('$78.00');
  expect(calls.find((c) => c.operationName === 'CheckoutResult')?.variables).toEqual({ sessionId: 'cs_1' });
  expect(calls.map((c) => c.operationName)).not.toContain('OrderPaid');
});

it('arriving before the webhook, it waits for the order on a subscription (no polling) and then shows it', async () => {
  let deliver: (value: unknown) => void = () => undefined;
  const paid = new Promise((r) => (deliver = r));
  const { calls } = renderApp(<PaymentSuccessPage />, {
    route,
    session: fakeSession({ user: makeUser() }),
    handlers: {
      CheckoutResult: { data: { checkoutResult: { __typename: 'CheckoutResult', status: 'open', order: null } } },
      OrderPaid: async () => (await paid, { data: { orderPaid: order } }),
    },
  });
  expect(await screen.findByText('Confirming your payment…')).toBeInTheDocument();
  expect(calls.find((c) => c.operationName === 'OrderPaid')?.variables).toEqual({ sessionId: 'cs_1' });
  deliver(null);
  expect(await screen.findByTestId('paid-order')).toHaveTextContent('$78.00');
  expect(calls.filter((c) => c.operationName === 'CheckoutResult')).toHaveLength(1);
});

it('an expired session says nothing was charged', async () => {
  renderApp(<PaymentSuccessPage />, {
    route,
    session: fakeSession({ user: makeUser() }),
    handlers: { CheckoutResult: { data: { checkoutResult: { __typename: 'CheckoutResult', status: 'expired', order: null } } } },
  });
  expect(await screen.findByText('This checkout was not paid')).toBeInTheDocument();
});

it('a class order says the spots are confirmed; with shop goods, where to collect them', async () => {
  renderApp(<PaymentSuccessPage />, {
    route,
    session: fakeSession({ user: makeUser() }),
    handlers: { CheckoutResult: { data: { checkoutResult: { __typename: 'CheckoutResult', status: 'completed', order } } } },
  });
  const line = await screen.findByTestId('paid-order-line');
  expect(line).toHaveTextContent('Your class spots are confirmed.');
  expect(line).toHaveTextContent('Collect what you bought in the shop at the front desk on your next visit');
  expect(screen.getByRole('link', { name: 'My classes' })).toHaveAttribute('href', '/classes');
});

it('a merch-only order says what was bought and how to collect it, never class wording', async () => {
  const merchOnly = { ...order, totalCents: 5000, lines: [order.lines[1]] };
  renderApp(<PaymentSuccessPage />, {
    route,
    session: fakeSession({ user: makeUser() }),
    handlers: { CheckoutResult: { data: { checkoutResult: { __typename: 'CheckoutResult', status: 'completed', order: merchOnly } } } },
  });
  const shown = await screen.findByTestId('paid-order');
  expect(screen.getByTestId('paid-order-line')).toHaveTextContent(
    'You bought 2 items. Collect what you bought in the shop at the front desk on your next visit',
  );
  expect(shown).not.toHaveTextContent(/class spots/i);
  expect(within(shown).queryByRole('link', { name: 'My classes' })).not.toBeInTheDocument();
  expect(within(shown).getByRole('link', { name: 'My orders' })).toHaveAttribute('href', '/profile#orders-title');
});

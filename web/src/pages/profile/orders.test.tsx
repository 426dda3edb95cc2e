import { fireEvent, screen, within } from '@testing-library/react';
import { fakeSession, makeUser, renderApp } from '../../../test/utils';
import { OrdersSection } from './OrdersSection';

const order = (id: string, status: string, lines: { description: string; quantity: number; unitCents: number }[]) => ({
  __typename: 'Order',
  id,
  createdAt: '2030-03-04T18:00:00.000Z',
  totalCents: lines.reduce((s, l) => s + l.unitCents * l.quantity, 0),
  refundedCents: status === 'refunded' ? 2800 : 0,
  status,
  checkoutSessionId: `cs_${id}`,
  lines: lines.map((l, i) => ({ __typename: 'OrderLine', id: `${id}-${i}`, kind: 'product', totalCents: l.unitCents * l.quantity, ...l })),
});

it('lists the member’s orders with date, total and status; a receipt opens under each', async () => {
  renderApp(<OrdersSection />, {
    session: fakeSession({ user: makeUser() }),
    handlers: {
      MyOrders: {
        data: {
          myOrders: [
            order('o2', 'paid', [
              { description: 'Studio tee (M)', quantity: 2, unitCents: 2500 },
              { description: 'Protein bar', quantity: 1, unitCents: 350 },
            ]),
            order('o1', 'refunded', [{ description: 'Silks Intro on 2030-03-01 at 18:00 for Sam', quantity: 1, unitCents: 2800 }]),
          ],
        },
      },
    },
  });
  const rows = await screen.findAllByTestId('my-order');
  expect(rows[0]).toHaveTextContent('Mar 4, 2030 · $53.50');
  expect(rows[0]).toHaveTextContent('2 items');
  expect(rows[0]).toHaveTextContent('Paid');
  expect(rows[1]).toHaveTextContent('Refunded');
  fireEvent.click(within(rows[0]).getByRole('button', { name: 'Receipt' }));
  expect(
    within(rows[0])
      .getAllByTestId('order-line')
      .map((l) => l.textContent),
  ).toEqual(['2 × Studio tee (M)$50.00', '1 × Protein bar$3.50']);
  expect(within(rows[0]).getByRole('button', { name: 'Hide receipt' })).toHaveAttribute('aria-expanded', 'true');
});

it('says so when there are no orders yet', async () => {
  renderApp(<OrdersSection />, { session: fakeSession({ user: makeUser() }), handlers: { MyOrders: { data: { myOrders: [] } } } });
  expect(await screen.findByText('No orders yet')).toBeInTheDocument();
});

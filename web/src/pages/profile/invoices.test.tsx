import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, makeUser, renderApp } from '../../../test/utils';
import { InvoicesSection } from './InvoicesSection';

const user = makeUser();
const invoice = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'Invoice',
  id,
  number: `INV-00000${id}`,
  status,
  dueDate: '2030-03-20',
  totalCents: 9750,
  overdue: false,
  memo: '',
  paidAt: status === 'paid' ? '2030-03-04T18:00:00.000Z' : null,
  paymentMethod: status === 'paid' ? 'card' : null,
  member: { __typename: 'User', id: user.id, firstName: user.firstName, lastName: user.lastName },
  lines: [
    { __typename: 'InvoiceLine', id: `${id}-1`, description: 'Private lesson', quantity: 1, unitCents: 8500 },
    { __typename: 'InvoiceLine', id: `${id}-2`, description: 'Silks rental', quantity: 1, unitCents: 1250 },
  ],
  ...extra,
});

it("lists the member's invoices and their children's; open ones have Pay, paid ones a receipt", async () => {
  renderApp(<InvoicesSection viewerId={user.id} />, {
    session: fakeSession({ user }),
    handlers: {
      MyInvoices: {
        data: {
          myInvoices: [
            invoice('3', 'open', {
              overdue: true,
              member: { __typename: 'User', id: 'kid', firstName: 'Mia', lastName: user.lastName },
            }),
            invoice('2', 'open'),
            invoice('1', 'paid'),
          ],
        },
      },
    },
  });
  const rows = await screen.findAllByTestId('my-invoice');
  expect(rows[0]).toHaveTextContent('INV-000003 · $97.50');
  expect(rows[0]).toHaveTextContent('For Mia');
  expect(rows[0]).toHaveTextContent('Overdue');
  expect(rows[1]).toHaveTextContent('Open');
  expect(rows[1]).toHaveTextContent('Due Mar 20, 2030 · 2 items');
  expect(within(rows[1]).getByRole('button', { name: 'Pay INV-000002' })).toBeEnabled();
  expect(rows[2]).toHaveTextContent('Paid');
  expect(within(rows[2]).queryByRole('button', { name: /^Pay/ })).toBeNull();
  expect(within(rows[2]).getByRole('button', { name: 'Receipt' })).toBeVisible();
});

it('shows why a payment could not start', async () => {
  renderApp(<InvoicesSection viewerId={user.id} />, {
    session: fakeSession({ user }),
    handlers: {
      MyInvoices: { data: { myInvoices: [invoice('2', 'open')] } },
      PayInvoice: { errors: [{ message: 'This invoice is already paid.', extensions: { code: 'CONFLICT' } }] },
    },
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Pay INV-000002' }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('This invoice is already paid.'));
});

it('says so when there are no invoices', async () => {
  renderApp(<InvoicesSection viewerId={user.id} />, {
    session: fakeSession({ user }),
    handlers: { MyInvoices: { data: { myInvoices: [] } } },
  });
  expect(await screen.findByText('No invoices')).toBeInTheDocument();
});

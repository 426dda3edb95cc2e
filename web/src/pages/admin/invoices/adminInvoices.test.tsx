import { parseDollars } from '@studio/rules';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { problemsOf } from '../../../app/forms';
import { fakeSession, makeUser, renderApp, type Answer } from '../../../../test/utils';
import type { AdminInvoiceRowFragment } from './adminInvoices.generated';
import AdminInvoicesPage from './AdminInvoicesPage';
import { invoiceForm, invoiceInput, newLine, totalOf } from './invoiceRules';

jest.setTimeout(20_000);

const row = (id: string, status: string, extra: Partial<AdminInvoiceRowFragment> = {}) =>
  ({
    __typename: 'Invoice',
    id,
    number: `INV-00000${id}`,
    status,
    dueDate: '2030-03-20',
    totalCents: 16000,
    overdue: false,
    memo: '',
    createdAt: '2030-03-01T18:00:00.000Z',
    sentAt: '2030-03-01T18:00:00.000Z',
    paidAt: null,
    paymentMethod: null,
    paymentReference: null,
    remindersSent: 0,
    member: { __typename: 'User', id: 'm1', firstName: 'Sam', lastName: 'Okafor', email: 'sam@example.test' },
    ...extra,
  }) as unknown as AdminInvoiceRowFragment;
const page = (items: AdminInvoiceRowFragment[]): Answer => ({
  data: {
    adminInvoices: {
      __typename: 'InvoicePage',
      total: items.length,
      page: 1,
      pageSize: 25,
      items,
      totals: {
        __typename: 'InvoiceTotals',
        count: items.length,
        totalCents: 32000,
        paidCents: 16000,
        outstandingCents: 16000,
        overdueCents: 0,
      },
    },
  },
});
const admin = () => fakeSession({ user: makeUser({ role: 'admin', id: 'u-admin' }) });

describe('invoice form rules (pure)', () => {
  it('reads dollars, credits and totals; refuses a total below zero', () => {
    expect([
      parseDollars('85', { negative: true }),
      parseDollars('$12.50', { negative: true }),
      parseDollars('-10', { negative: true }),
      parseDollars('1.234', { negative: true }),
    ]).toEqual([8500, 1250, -1000, null]);
    const lines = [
      { description: 'Lesson', quantity: '2', unitPrice: '85' },
      { description: 'Credit', quantity: '1', unitPrice: '-10' },
    ];
    expect(totalOf(lines)).toBe(16000);
    const values = { memberId: 'm1', lines, dueDate: '2030-03-20', memo: ' Thanks ' };
    expect(problemsOf(invoiceForm, values)).toEqual({});
    expect(invoiceInput(values)).toEqual({
      memberId: 'm1',
      dueDate: '2030-03-20',
      memo: 'Thanks',
      lines: [
        { description: 'Lesson', quantity: 2, unitCents: 8500 },
        { description: 'Credit', quantity: 1, unitCents: -1000 },
      ],
    });
    expect(problemsOf(invoiceForm, { ...values, memberId: '', lines: [{ ...newLine(), description: 'Credit', unitPrice: '-5' }] })).toEqual(
      {
        memberId: 'Choose a member.',
        lines: 'The total cannot be below $0.00.',
      },
    );
  });
});

it('lists invoices with totals, filters on the server, and marks one paid by bank transfer', async () => {
  const { calls } = renderApp(<AdminInvoicesPage />, {
    session: admin(),
    route: '/admin/invoices',
    handlers: {
      AdminInvoices: page([row('2', 'open', { overdue: true }), row('1', 'paid', { paymentMethod: 'cash' })]),
      MarkInvoicePaid: { data: { markInvoicePaid: row('2', 'paid', { paymentMethod: 'bank_transfer', paymentReference: 'TRX-1' }) } },
    },
  });
  expect(await screen.findByText('2 invoices')).toBeInTheDocument();
  expect(calls.find((c) => c.operationName === 'AdminInvoices')?.variables).toEqual({
    page: 1,
    pageSize: 25,
    sortField: 'number',
    sortDirection: 'DESC',
  });
  expect(screen.getByTestId('invoice-total-billed')).toHaveTextContent('$320.00');
  expect(screen.getByTestId('invoice-total-paid')).toHaveTextContent('$160.00');
  expect(screen.getAllByText('Overdue').length).toBeGreaterThan(0);

  fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Status/ }));
  fireEvent.click(screen.getByRole('option', { name: 'Open' }));
  await waitFor(() => expect(calls.at(-1)?.variables).toMatchObject({ status: 'open', page: 1 }));

  fireEvent.click(screen.getAllByRole('button', { name: 'Actions for INV-000002' })[0]);
  fireEvent.click(screen.getByRole('menuitem', { name: 'Mark paid…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Mark INV-000002 paid' });
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reference' }), { target: { value: ' TRX-1 ' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Mark paid' }));
  await waitFor(() =>
    expect(calls.find((c) => c.operationName === 'MarkInvoicePaid')?.variables).toEqual({
      id: '2',
      method: 'bank_transfer',
      reference: 'TRX-1',
    }),
  );
  expect(await screen.findByText('Marked paid')).toBeInTheDocument();
});

it('edits a draft: its lines load into the dialog, and Save and send saves then sends it', async () => {
  const draft = row('3', 'draft', { sentAt: null });
  const { calls } = renderApp(<AdminInvoicesPage />, {
    session: admin(),
    route: '/admin/invoices',
    handlers: {
      AdminInvoices: page([draft]),
      MemberPickerOptions: { data: { users: { __typename: 'UserPage', items: [] } } },
      AdminInvoiceDraft: {
        data: {
          invoice: {
            ...draft,
            lines: [{ __typename: 'InvoiceLine', id: 'l1', description: 'Private lesson', quantity: 2, unitCents: 8000 }],
          },
        },
      },
      UpdateInvoice: { data: { updateInvoice: draft } },
      SendInvoice: { data: { sendInvoice: row('3', 'open') } },
    },
  });
  fireEvent.click((await screen.findAllByRole('button', { name: 'Actions for INV-000003' }))[0]);
  fireEvent.click(screen.getByRole('menuitem', { name: 'Edit draft…' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit draft INV-000003' });
  expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue('Private lesson');
  expect(within(dialog).getByRole('status')).toHaveTextContent('Total $160.00');
  fireEvent.change(within(dialog).getByRole('textbox', { name: 'Description' }), { target: { value: 'Private lessons' } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Save and send' }));
  await waitFor(() => expect(calls.some((c) => c.operationName === 'SendInvoice')).toBe(true));
  expect(calls.find((c) => c.operationName === 'UpdateInvoice')?.variables).toEqual({
    id: '3',
    input: { memberId: 'm1', dueDate: '2030-03-20', memo: '', lines: [{ description: 'Private lessons', quantity: 2, unitCents: 8000 }] },
  });
});

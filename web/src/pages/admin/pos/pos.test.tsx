import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { problemsOf } from '../../../app/forms';
import { fakeSession, makeUser, renderApp, type Answer, type RecordedOperation } from '../../../../test/utils';
import PosPage from './PosPage';
import { cashForm, centsOf, discountForm, quickTenders, SALE_KEY } from './posRules';

jest.setTimeout(20_000);

describe('register rules (pure)', () => {
  it('reads amounts as cents', () => {
    expect(centsOf('12')).toBe(1200);
    expect(centsOf('$12.5')).toBe(1250);
    expect(centsOf(' 0.05 ')).toBe(5);
    expect(centsOf('12.345')).toBeNull();
    expect(centsOf('-1')).toBeNull();
    expect(centsOf('ten')).toBeNull();
  });

  it('a discount needs a reason and stays within what it discounts; cash must cover the total', () => {
    expect(problemsOf(discountForm(500), { amount: '2', reason: '' })).toEqual({ reason: 'Give a reason for the discount.' });
    expect(problemsOf(discountForm(500), { amount: '6', reason: 'Staff' })).toEqual({ amount: 'The discount can be at most $5.00.' });
    expect(problemsOf(discountForm(500), { amount: '0', reason: '' })).toEqual({});
    expect(problemsOf(cashForm(1250), { tendered: '12' })).toEqual({ tendered: 'That is less than the total ($12.50).' });
    expect(problemsOf(cashForm(1250), { tendered: '20' })).toEqual({});
  });

  it('offers the exact amount and the next round notes', () => {
    expect(quickTenders(1250)).toEqual([1250, 1500, 2000, 5000, 10000]);
    expect(quickTenders(2000)).toEqual([2000, 5000, 10000]);
  });
});

const line = (over: Record<string, unknown> = {}) => ({
  __typename: 'PosSaleLine',
  id: 'l-1',
  category: 'merchandise',
  description: 'Block chalk',
  quantity: 1,
  unitCents: 600,
  discountCents: 0,
  discountReason: null,
  variantId: 'v-chalk',
  classInstanceId: null,
  coveredBy: null,
  ...over,
});
const sale = (over: Record<string, unknown> = {}) => ({
  __typename: 'PosSale',
  id: 's-1',
  status: 'open',
  subtotalCents: 600,
  discountTotalCents: 0,
  discountCents: 0,
  discountReason: null,
  totalCents: 600,
  tenderedCents: null,
  changeCents: null,
  paymentMethod: null,
  invoiceId: null,
  receiptPdfUrl: null,
  cardPaymentUrl: null,
  cardPaymentExpiresAt: null,
  member: null,
  lines: [line()],
  ...over,
});
const catalog = {
  data: {
    posCatalog: [
      {
        __typename: 'PosCatalogItem',
        category: 'merchandise',
        variantId: 'v-chalk',
        classInstanceId: null,
        name: 'Block chalk',
        detail: '',
        priceCents: 600,
        stock: 30,
        coveredBy: null,
      },
      {
        __typename: 'PosCatalogItem',
        category: 'merchandise',
        variantId: 'v-pads',
        classInstanceId: null,
        name: 'Knee pads',
        detail: '',
        priceCents: 2800,
        stock: 0,
        coveredBy: null,
      },
      {
        __typename: 'PosCatalogItem',
        category: 'dropin',
        variantId: null,
        classInstanceId: 'c-1',
        name: 'Silks 1',
        detail: '6:00 PM · 3 spots left',
        priceCents: 2200,
        stock: 3,
        coveredBy: null,
      },
    ],
  },
};

describe('/admin/pos', () => {
  beforeEach(() => localStorage.removeItem(SALE_KEY));

  it('a new sale is not asked for again: a late answer for the empty sale cannot wipe the line just added', async () => {
    const empty = sale({ lines: [], subtotalCents: 0, totalCents: 0 });
    const { calls } = renderApp(<PosPage />, {
      session: fakeSession({ user: makeUser({ role: 'admin' }) }),
      route: '/admin/pos',
      handlers: {
        PosCatalog: catalog,
        OpenPosSale: { data: { openPosSale: empty } },
        // The server read the sale before the line went in, and its answer arrives after the line's.
        PosSale: () => new Promise<Answer>((resolve) => setTimeout(() => resolve({ data: { posSale: empty } }), 50)),
        AddPosItem: { data: { addPosItem: sale() } },
      },
    });
    const chalk = (await screen.findAllByTestId('pos-item')).find((b) => b.textContent?.includes('Block chalk'))!;
    fireEvent.click(chalk);
    await waitFor(() => expect(screen.getByTestId('pos-total')).toHaveTextContent('$6.00'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByTestId('pos-total')).toHaveTextContent('$6.00');
    expect(screen.getAllByTestId('pos-line')).toHaveLength(1);
    expect(calls.map((c: RecordedOperation) => c.operationName)).not.toContain('PosSale');
  });

  it('adds a tapped product to a new sale, takes cash and shows the change', async () => {
    // The server's sale as it stands: each answer is the latest state, as the API answers.
    let current = sale({ lines: [], subtotalCents: 0, totalCents: 0 });
    const answer = (field: string, next?: ReturnType<typeof sale>) => () => {
      if (next) current = next;
      return { data: { [field]: current } };
    };
    const { calls } = renderApp(<PosPage />, {
      session: fakeSession({ user: makeUser({ role: 'admin' }) }),
      route: '/admin/pos',
      handlers: {
        PosCatalog: catalog,
        OpenPosSale: answer('openPosSale'),
        PosSale: answer('posSale'),
        AddPosItem: answer('addPosItem', sale()),
        PayPosSaleCash: answer(
          'payPosSaleCash',
          sale({ status: 'completed', tenderedCents: 1000, changeCents: 400, receiptPdfUrl: '/api/pos/sales/s-1/receipt.pdf' }),
        ),
      },
    });
    const chalk = (await screen.findAllByTestId('pos-item')).find((b) => b.textContent?.includes('Block chalk'))!;
    expect(screen.getAllByTestId('pos-item').find((b) => b.textContent?.includes('Knee pads'))).toBeDisabled();
    fireEvent.click(chalk);
    await waitFor(() => expect(screen.getByTestId('pos-total')).toHaveTextContent('$6.00'));
    expect(calls.find((c: RecordedOperation) => c.operationName === 'AddPosItem')?.variables).toEqual({
      saleId: 's-1',
      variantId: 'v-chalk',
      classInstanceId: null,
      quantity: 1,
    });
    expect(localStorage.getItem(SALE_KEY)).toBe('s-1');

    fireEvent.click(screen.getByRole('button', { name: /^Pay cash/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cash payment' });
    fireEvent.change(within(dialog).getByLabelText('Cash received ($)'), { target: { value: '10' } });
    expect(within(dialog).getByTestId('pos-change-preview')).toHaveTextContent('Change: $4.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take cash' }));
    expect(await screen.findByTestId('pos-change')).toHaveTextContent('Change due: $4.00');
    expect(calls.find((c: RecordedOperation) => c.operationName === 'PayPosSaleCash')?.variables).toEqual({
      saleId: 's-1',
      tenderedCents: 1000,
    });
    expect(screen.getByRole('button', { name: 'Download receipt (PDF)' })).toBeInTheDocument();
  });

  const member = { __typename: 'PosMember', id: 'm-1', name: 'Imogen Hart', username: 'imogen', email: 'imogen@example.com' };
  const register = (current: ReturnType<typeof sale>, grid: { data: { posCatalog: object[] } } = catalog) => {
    localStorage.setItem(SALE_KEY, 's-1');
    return renderApp(<PosPage />, {
      session: fakeSession({ user: makeUser({ role: 'admin' }) }),
      route: '/admin/pos',
      handlers: {
        PosCatalog: grid,
        PosSale: { data: { posSale: current } },
        ChargePosSaleToAccount: {
          data: {
            chargePosSaleToAccount: sale({
              member,
              status: 'completed',
              paymentMethod: 'account',
              invoiceId: 'inv-1',
              receiptPdfUrl: '/api/pos/sales/s-1/receipt.pdf',
            }),
          },
        },
      },
    });
  };

  it('a walk-in cannot be charged to an account', async () => {
    register(sale());
    expect(await screen.findByRole('button', { name: /^Charge to account/ })).toBeDisabled();
  });

  it("charges a member's sale to their account: an invoice is sent", async () => {
    const { calls } = register(sale({ member }));
    const charge = await screen.findByRole('button', { name: 'Charge to account (Imogen)' });
    expect(charge).toBeEnabled();
    fireEvent.click(charge);
    expect(await screen.findByText(/Charged to the account: an invoice was sent/)).toBeInTheDocument();
    expect(calls.find((c: RecordedOperation) => c.operationName === 'ChargePosSaleToAccount')?.variables).toEqual({ saleId: 's-1' });
    expect(screen.queryByTestId('pos-change')).not.toBeInTheDocument();
  });

  it("shows a drop-in the member's membership covers at $0", async () => {
    const covered = line({
      category: 'dropin',
      description: 'Drop-in: Silks 1 at 6:00 PM (covered by Unlimited membership)',
      unitCents: 0,
      variantId: null,
      classInstanceId: 'c-1',
      coveredBy: 'Unlimited membership',
    });
    const grid = {
      data: { posCatalog: catalog.data.posCatalog.map((i) => (i.classInstanceId ? { ...i, coveredBy: 'Unlimited membership' } : i)) },
    };
    const { calls } = register(sale({ member, lines: [covered], subtotalCents: 0, totalCents: 0 }), grid);
    expect(await screen.findByTestId('pos-item-covered')).toHaveTextContent('Covered by Unlimited membership');
    await waitFor(() =>
      expect(calls.some((c: RecordedOperation) => c.operationName === 'PosCatalog' && c.variables.memberId === 'm-1')).toBe(true),
    );
    expect(await screen.findByTestId('pos-covered')).toHaveTextContent('Covered by Unlimited membership · $0.00');
    expect(screen.getByTestId('pos-total')).toHaveTextContent('$0.00');
  });

  describe('card payment through a checkout link shown as a QR code', () => {
    const url = 'http://studio.test/api/stripe/test-checkout/cs_test_local_abc';
    const waiting = sale({
      member,
      status: 'awaiting_card',
      cardPaymentUrl: url,
      cardPaymentExpiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    });
    const card = (onLive: () => Answer | Promise<Answer>) => {
      localStorage.setItem(SALE_KEY, 's-1');
      return renderApp(<PosPage />, {
        session: fakeSession({ user: makeUser({ role: 'admin' }) }),
        route: '/admin/pos',
        handlers: {
          PosCatalog: catalog,
          PosSale: { data: { posSale: sale({ member }) } },
          StartPosCardPayment: { data: { startPosCardPayment: waiting } },
          CancelPosCardPayment: { data: { cancelPosCardPayment: sale({ member }) } },
          PosSaleChanged: onLive,
        },
      });
    };

    it('shows the link as a QR code, waits live for the webhook, then shows the receipt', async () => {
      let pay: (answer: Answer) => void = () => undefined;
      const { calls } = card(() => new Promise<Answer>((resolve) => (pay = resolve)));
      fireEvent.click(await screen.findByRole('button', { name: 'Card (QR)' }));
      expect(await screen.findByText('Scan to pay $6.00 by card')).toBeInTheDocument();
      expect(await screen.findByRole('img', { name: 'Card payment QR code' })).toBeInTheDocument();
      expect(screen.getByTestId('pos-card-link')).toHaveAttribute('href', url);
      expect(screen.getByText(/Waiting for the payment…/)).toBeInTheDocument();
      // Nothing else can happen to the sale while the customer pays.
      expect(screen.queryByRole('button', { name: /^Pay cash/ })).not.toBeInTheDocument();
      expect(screen.getAllByTestId('pos-item').find((b) => b.textContent?.includes('Block chalk'))).toBeDisabled();
      expect(calls.find((c: RecordedOperation) => c.operationName === 'StartPosCardPayment')?.variables).toEqual({ saleId: 's-1' });
      await waitFor(() =>
        expect(calls.find((c: RecordedOperation) => c.operationName === 'PosSaleChanged')?.variables).toEqual({ saleId: 's-1' }),
      );

      // The webhook marked it paid: the live sale replaces the QR code with the receipt.
      pay({
        data: {
          posSaleChanged: sale({ member, status: 'completed', paymentMethod: 'card', receiptPdfUrl: '/api/pos/sales/s-1/receipt.pdf' }),
        },
      });
      expect(await screen.findByText(/Paid by card\./)).toBeInTheDocument();
      expect(screen.queryByTestId('pos-card-panel')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Download receipt (PDF)' })).toBeInTheDocument();
    });

    it('cancelling the card payment opens the sale again', async () => {
      const { calls } = card(() => 'pending');
      fireEvent.click(await screen.findByRole('button', { name: 'Card (QR)' }));
      fireEvent.click(await screen.findByRole('button', { name: 'Cancel card payment' }));
      expect(await screen.findByRole('button', { name: /^Pay cash/ })).toBeInTheDocument();
      expect(screen.queryByTestId('pos-card-panel')).not.toBeInTheDocument();
      expect(calls.find((c: RecordedOperation) => c.operationName === 'CancelPosCardPayment')?.variables).toEqual({ saleId: 's-1' });
    });
  });
});

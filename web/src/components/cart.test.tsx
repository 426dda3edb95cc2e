import { dollarAmount, dollarText, formatMoney, fullName, parseDollars } from '@studio/rules';
import { setDefaultOptions } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { cartAnswer, makeCartItem } from '../../test/classFixtures';
import { fakeSession, gqlError, makeUser, renderApp } from '../../test/utils';
import { cartTotalCents, formatCartDate } from './cartFormat';
import { CartPopover } from './CartPopover';
import { leavePage } from '../app/leavePage';

describe('cart money and dates', () => {
  it("formats integer cents as '$' with 2 decimals", () => {
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(1234)).toBe('$12.34');
    expect(formatMoney(2800)).toBe('$28.00');
    expect(formatMoney(100000)).toBe('$1,000.00');
    expect(formatMoney(149000)).toBe('$1,490.00');
    expect(formatMoney(-500)).toBe('-$5.00');
    expect(formatMoney(123456789)).toBe('$1,234,567.89');
  });

  it('writes cents as the plain amount a money field holds, and as a number of dollars', () => {
    expect([dollarText(0), dollarText(5), dollarText(2850), dollarText(-1234), dollarText(100000)]).toEqual([
      '0.00',
      '0.05',
      '28.50',
      '-12.34',
      '1000.00',
    ]);
    expect([dollarAmount(2850), dollarAmount(-5)]).toEqual([28.5, -0.05]);
  });

  it('reads typed dollars strictly, negatives only where asked, and round-trips what it writes', () => {
    expect(['28', '$28.5', ' 28.50 ', '0', '0.29'].map((t) => parseDollars(t))).toEqual([2800, 2850, 2850, 0, 29]);
    expect(['', '-', '.5', '28.', '28.505', '1,000', '12abc', '$', '1e3', '0x10', '28 50', '$-5'].map((t) => parseDollars(t))).toEqual(
      Array(12).fill(null),
    );
    expect(parseDollars('-10')).toBeNull();
    expect([parseDollars('-10', { negative: true }), parseDollars('-$12.50', { negative: true })]).toEqual([-1000, -1250]);
    for (const cents of [0, 1, 99, 2850, -1234, 123456789]) expect(parseDollars(dollarText(cents), { negative: true })).toBe(cents);
  });

  it('joins first and last names one way', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
  });

  it('totals the class cart plus product price times quantity', () => {
    expect(cartTotalCents(5400)).toBe(5400);
    expect(
      cartTotalCents(5400, [
        { priceCents: 450, quantity: 2 },
        { priceCents: 1999, quantity: 1 },
      ]),
    ).toBe(5400 + 900 + 1999);
  });

  it("falls back to 'Date TBD', 'Invalid Date' and 'Date Error'", () => {
    expect(formatCartDate(null)).toBe('Date TBD');
    expect(formatCartDate(undefined)).toBe('Date TBD');
    expect(formatCartDate('  ')).toBe('Date TBD');
    expect(formatCartDate('next tuesday')).toBe('Invalid Date');
    expect(formatCartDate('2030-02-30')).toBe('Invalid Date');
    expect(formatCartDate('2030-03-04', '18:00', '19:15')).toBe('Mon, Mar 4, 2030 · 6:00 – 7:15 PM');
    expect(formatCartDate('2030-03-04')).toBe('Mon, Mar 4, 2030');
    // Dates are formatted by date-fns (app/dates.ts): a locale whose month names fail makes formatting fail.
    const failing = {
      ...enUS.localize,
      month: () => {
        throw new RangeError('formatting failed');
      },
    };
    setDefaultOptions({ locale: { ...enUS, localize: failing } });
    try {
      expect(formatCartDate('2030-03-04', '18:00', '19:15')).toBe('Date Error');
    } finally {
      setDefaultOptions({ locale: undefined });
    }
  });

  it('shows class dates as given, whatever the browser time zone', () => {
    // 23:30 on the studio's calendar stays on that day (no conversion through UTC or the local zone).
    expect(formatCartDate('2030-12-31', '23:30', '23:59')).toBe('Tue, Dec 31, 2030 · 11:30 – 11:59 PM');
  });
});

async function openCart(items: ReturnType<typeof makeCartItem>[], handlers: Record<string, unknown> = {}) {
  const rendered = renderApp(<CartPopover signedIn />, {
    session: fakeSession({ user: makeUser() }),
    handlers: { Cart: () => cartAnswer(items), ...(handlers as object) },
  });
  const button = await screen.findByRole('button', {
    name: items.length ? `Cart, ${items.length} ${items.length === 1 ? 'item' : 'items'}` : 'Cart',
  });
  await act(async () => fireEvent.click(button));
  const dialog = await screen.findByRole('dialog', { name: 'Cart' });
  return { ...rendered, dialog };
}

describe('CartPopover', () => {
  it('lists held spots with class, attendee, date, price and the total; the badge counts them', async () => {
    const { dialog } = await openCart([
      makeCartItem({ name: 'Silks Intro', firstName: 'Sam', priceCents: 2800, date: '2030-03-04' }),
      makeCartItem({ name: 'Lyra Level 1', firstName: 'Mia', priceCents: 2650, date: '2030-03-05', startTime: '17:30', endTime: '18:30' }),
    ]);
    const items = within(dialog).getAllByTestId('cart-item');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Silks Intro');
    expect(items[0]).toHaveTextContent('For Sam');
    expect(items[0]).toHaveTextContent('Mon, Mar 4, 2030 · 6:00 – 7:15 PM');
    expect(items[0]).toHaveTextContent('$28.00');
    expect(items[1]).toHaveTextContent('For Mia');
    expect(items[1]).toHaveTextContent('$26.50');
    expect(items[1]).toHaveTextContent('Tue, Mar 5, 2030 · 5:30 – 6:30 PM');
    expect(within(dialog).getByTestId('cart-total')).toHaveTextContent('$54.50');
    expect(dialog).toHaveTextContent('2 items');
    expect(within(items[0]).getByRole('timer')).toHaveTextContent(/Held for 1[34]:\d\d/);
  });

  it('shows the date fallbacks for items without a usable date', async () => {
    const { dialog } = await openCart([makeCartItem({ date: null }), makeCartItem({ date: 'soon' })]);
    const dates = within(dialog)
      .getAllByTestId('cart-item-date')
      .map((d) => d.textContent);
    expect(dates).toEqual(['Date TBD', 'Invalid Date']);
  });

  it('removes one class (freeing it) and updates the list, the total and the badge', async () => {
    const keep = makeCartItem({ name: 'Lyra Level 1', priceCents: 2600 });
    const drop = makeCartItem({ name: 'Silks Intro', priceCents: 2800, classInstanceId: 'class-drop' });
    const { dialog, calls } = await openCart([drop, keep], { RemoveFromCart: { data: { removeFromCart: 1 } } });
    const asked = calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Silks Intro for Sam from the cart' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('cart-item')).toHaveLength(1));
    expect(calls.find((c) => c.operationName === 'RemoveFromCart')?.variables).toEqual({ classInstanceId: 'class-drop' });
    expect(within(dialog).getByTestId('cart-item')).toHaveTextContent('Lyra Level 1');
    expect(within(dialog).getByTestId('cart-total')).toHaveTextContent('$26.00');
    expect(screen.getByRole('button', { name: 'Cart, 1 item', hidden: true })).toBeInTheDocument();
    expect(calls.slice(asked).map((c) => c.operationName)).toEqual(['RemoveFromCart']);
  });

  it('shows the server message when a removal fails', async () => {
    const { dialog } = await openCart([makeCartItem({ name: 'Silks Intro' })], {
      RemoveFromCart: gqlError('NOT_FOUND', 'That booking was not found.'),
    });
    fireEvent.click(within(dialog).getByRole('button', { name: /Remove Silks Intro/ }));
    expect(await within(dialog).findByText('That booking was not found.')).toBeInTheDocument();
    expect(within(dialog).getAllByTestId('cart-item')).toHaveLength(1);
  });

  it('clears the whole cart', async () => {
    const { dialog, calls } = await openCart([makeCartItem(), makeCartItem()], { ClearCart: { data: { clearCart: 2 } } });
    const asked = calls.length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear cart' }));
    expect(await within(dialog).findByText('Your cart is empty')).toBeInTheDocument();
    expect(calls.filter((c) => c.operationName === 'ClearCart')).toHaveLength(1);
    expect(within(dialog).getByTestId('cart-total')).toHaveTextContent('$0.00');
    expect(within(dialog).getByRole('button', { name: 'Clear cart' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cart', hidden: true })).toBeInTheDocument();
    expect(calls.slice(asked).map((c) => c.operationName)).toEqual(['ClearCart']);
  });

  it("checkout with an empty cart says 'Cart Empty: Please add items to your cart before checking out.'", async () => {
    const { dialog } = await openCart([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Checkout' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Cart Empty');
    expect(toast).toHaveTextContent('Please add items to your cart before checking out.');
  });

  it('checkout with items starts a checkout session and sends the browser to its url', async () => {
    const leave = jest.spyOn(leavePage, 'to').mockImplementation(() => undefined);
    try {
      const { dialog, calls } = await openCart([makeCartItem()], {
        CreateCheckoutSession: { data: { createCheckoutSession: { url: 'https://checkout.test/pay/cs_1', sessionId: 'cs_1' } } },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Checkout' }));
      await waitFor(() => expect(leave).toHaveBeenCalledWith('https://checkout.test/pay/cs_1'));
      expect(calls.filter((c) => c.operationName === 'CreateCheckoutSession')).toHaveLength(1);
    } finally {
      leave.mockRestore();
    }
  });

  it.each([
    ['the server message', gqlError('CONFLICT', 'Only 2 left of Studio tee (M).'), 'Only 2 left of Studio tee (M).'],
    ['the fallback when the server says nothing', { errors: [{ message: '' }] }, 'Failed to start checkout process. Please try again.'],
  ])("a refused checkout says 'Checkout Error' with %s", async (_what, answer, description) => {
    const { dialog } = await openCart([makeCartItem()], { CreateCheckoutSession: answer });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Checkout' }));
    const toast = await screen.findByTestId('toast');
    expect(toast).toHaveTextContent('Checkout Error');
    expect(toast).toHaveTextContent(description);
  });

  it("an answer without a url says 'Unable to redirect to checkout'", async () => {
    const { dialog } = await openCart([makeCartItem()], {
      CreateCheckoutSession: { data: { createCheckoutSession: { url: '', sessionId: 'cs_1' } } },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Checkout' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Unable to redirect to checkout');
  });

  it('signed out, it asks to sign in and fetches nothing', async () => {
    const { calls } = renderApp(<CartPopover signedIn={false} />, { session: fakeSession() });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cart' })));
    const dialog = await screen.findByRole('dialog', { name: 'Cart' });
    expect(within(dialog).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(calls.map((c) => c.operationName)).not.toContain('Cart');
  });
});

function productLine(over: {
  id: string;
  name: string;
  priceCents: number;
  quantity: number;
  label?: string | null;
  stock?: number | null;
}) {
  return {
    __typename: 'ProductCartItem',
    id: over.id,
    quantity: over.quantity,
    lineTotalCents: over.priceCents * over.quantity,
    variant: { __typename: 'ProductVariant', id: `v-${over.id}`, label: over.label ?? null, stock: over.stock ?? 10 },
    product: {
      __typename: 'Product',
      id: `p-${over.id}`,
      name: over.name,
      description: '',
      priceCents: over.priceCents,
      category: 'merchandise',
      coverImage: null,
    },
  };
}

describe('CartPopover with products', () => {
  const tee = productLine({ id: 'tee', name: 'Studio tee', priceCents: 2500, quantity: 2, label: 'M' });
  const bar = productLine({ id: 'bar', name: 'Protein bar', priceCents: 350, quantity: 1 });

  it('lists products beside held spots; the total is the class totals plus price × quantity; the badge counts both', async () => {
    renderApp(<CartPopover signedIn />, {
      session: fakeSession({ user: makeUser() }),
      handlers: { Cart: () => cartAnswer([makeCartItem({ priceCents: 2800 })]), ProductCart: { data: { productCart: [tee, bar] } } },
    });
    const button = await screen.findByRole('button', { name: 'Cart, 4 items' });
    await act(async () => fireEvent.click(button));
    const dialog = await screen.findByRole('dialog', { name: 'Cart' });
    const lines = within(dialog).getAllByTestId('cart-product');
    expect(lines[0]).toHaveTextContent('Studio tee (M)');
    expect(lines[0]).toHaveTextContent('$25.00 each');
    expect(lines[0]).toHaveTextContent('$50.00');
    expect(within(dialog).getByTestId('cart-total')).toHaveTextContent('$81.50');
    expect(dialog).toHaveTextContent('4 items');
  });

  it('changes a quantity and removes a product, taking the answer as the new product cart', async () => {
    const { calls } = renderApp(<CartPopover signedIn />, {
      session: fakeSession({ user: makeUser() }),
      handlers: {
        Cart: () => cartAnswer([]),
        ProductCart: { data: { productCart: [tee, bar] } },
        SetCartItemQuantity: { data: { setCartItemQuantity: [{ ...tee, quantity: 3, lineTotalCents: 7500 }, bar] } },
        RemoveCartItem: { data: { removeCartItem: [{ ...tee, quantity: 3, lineTotalCents: 7500 }] } },
      },
    });
    const button = await screen.findByRole('button', { name: 'Cart, 3 items' });
    await act(async () => fireEvent.click(button));
    const dialog = await screen.findByRole('dialog', { name: 'Cart' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'One more Studio tee (M)' }));
    await waitFor(() => expect(within(dialog).getByTestId('cart-total')).toHaveTextContent('$78.50'));
    expect(calls.find((c) => c.operationName === 'SetCartItemQuantity')?.variables).toEqual({ itemId: 'tee', quantity: 3 });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove Protein bar from the cart' }));
    await waitFor(() => expect(within(dialog).getAllByTestId('cart-product')).toHaveLength(1));
    expect(within(dialog).getByTestId('cart-total')).toHaveTextContent('$75.00');
  });

  it('clearing clears both carts in parallel', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    const { calls } = renderApp(<CartPopover signedIn />, {
      session: fakeSession({ user: makeUser() }),
      handlers: {
        Cart: () => cartAnswer([makeCartItem()]),
        ProductCart: { data: { productCart: [bar] } },
        ClearCart: async () => (await held, { data: { clearCart: 1 } }),
        ClearProductCart: { data: { clearProductCart: 1 } },
      },
    });
    const button = await screen.findByRole('button', { name: 'Cart, 2 items' });
    await act(async () => fireEvent.click(button));
    const dialog = await screen.findByRole('dialog', { name: 'Cart' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear cart' }));
    // The product cart is cleared while the class cart's answer is still outstanding.
    await waitFor(() => expect(calls.map((c) => c.operationName)).toEqual(expect.arrayContaining(['ClearCart', 'ClearProductCart'])));
    release();
    expect(await within(dialog).findByText('Your cart is empty')).toBeInTheDocument();
    expect(within(dialog).getByTestId('cart-total')).toHaveTextContent('$0.00');
  });
});

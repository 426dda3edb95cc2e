import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeSession, gqlError, makeUser, renderApp } from '../../../test/utils';
import MerchPage from './MerchPage';
import { stockLabel } from './stockLabel';

const variant = (id: string, label: string | null, stock: number | null) => ({ __typename: 'ProductVariant', id, label, stock });
const product = (id: string, name: string, category: string, priceCents: number, variants: ReturnType<typeof variant>[]) => ({
  __typename: 'Product',
  coverImage: id === 'tee' ? { __typename: 'ProductImage', id: 'img-tee', thumbnailUrl: '/api/product-images/img-tee/thumb.webp' } : null,
  id,
  name,
  description: `${name} description`,
  category,
  priceCents,
  stockLeft: variants.some((v) => v.stock === null) ? null : variants.reduce((s, v) => s + (v.stock ?? 0), 0),
  variants,
});
const catalogue = [
  product('tee', 'Studio tee', 'merchandise', 2500, [variant('tee-s', 'S', 0), variant('tee-m', 'M', 3), variant('tee-l', 'L', 12)]),
  product('pads', 'Knee pads', 'merchandise', 3200, [variant('pads-1', null, 0)]),
  product('bar', 'Protein bar', 'snacks', 350, [variant('bar-1', null, 40)]),
];

it('says "3 left" when few remain and "Sold out" at zero; plenty and unlimited say nothing', () => {
  expect(stockLabel(3)).toBe('3 left');
  expect(stockLabel(0)).toBe('Sold out');
  expect(stockLabel(40)).toBeNull();
  expect(stockLabel(null)).toBeNull();
});

it('lists the catalogue with prices and stock, filters by category and search on the server', async () => {
  const { calls } = renderApp(<MerchPage />, {
    session: fakeSession({ user: makeUser() }),
    handlers: { MerchCatalogue: { data: { products: catalogue } } },
  });
  const cards = await screen.findAllByTestId('product');
  expect(cards).toHaveLength(3);
  expect(cards[0]).toHaveTextContent('Studio tee');
  expect(cards[0]).toHaveTextContent('$25.00');
  // A product's cover picture (the thumbnail), else its category's icon.
  expect(cards[0].querySelector('img')).toHaveAttribute('src', '/api/product-images/img-tee/thumb.webp');
  expect(cards[2].querySelector('img')).toBeNull();
  expect(within(cards[1]).getByTestId('stock-label')).toHaveTextContent('Sold out');
  expect(within(cards[1]).getByRole('button', { name: 'Sold out: Knee pads' })).toBeDisabled();
  fireEvent.click(screen.getByRole('tab', { name: 'Snacks' }));
  await waitFor(() => expect(calls.at(-1)?.variables).toEqual({ category: 'snacks', search: null }));
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search the shop' }), { target: { value: 'bar' } });
  await waitFor(() => expect(calls.at(-1)?.variables).toEqual({ category: 'snacks', search: 'bar' }));
});

it('adds a product with its size and quantity; a size is required; stock problems show the server message', async () => {
  const { calls } = renderApp(<MerchPage />, {
    session: fakeSession({ user: makeUser() }),
    handlers: {
      MerchCatalogue: { data: { products: catalogue } },
      AddProductToCart: (op) =>
        op.variables.quantity === 1 ? gqlError('CONFLICT', 'Only 3 left of Studio tee (M).') : { data: { addProductToCart: [] } },
    },
  });
  const [tee] = await screen.findAllByTestId('product');
  fireEvent.click(within(tee).getByRole('button', { name: 'Add to cart: Studio tee' }));
  expect(await within(tee).findByText('Choose a size first.')).toBeInTheDocument();
  expect(within(tee).getByRole('button', { name: 'S, sold out' })).toBeDisabled();
  fireEvent.click(within(tee).getByRole('button', { name: 'M' }));
  expect(within(tee).getByTestId('stock-label')).toHaveTextContent('3 left');
  await act(async () => fireEvent.click(within(tee).getByRole('button', { name: 'Add to cart: Studio tee' })));
  expect(await within(tee).findByText('Only 3 left of Studio tee (M).')).toBeInTheDocument();
  fireEvent.mouseDown(within(tee).getByRole('combobox'));
  fireEvent.click(await screen.findByRole('option', { name: '2' }));
  await act(async () => fireEvent.click(within(tee).getByRole('button', { name: 'Add to cart: Studio tee' })));
  await waitFor(() =>
    expect(calls.filter((c) => c.operationName === 'AddProductToCart').at(-1)?.variables).toEqual({
      productId: 'tee',
      variantId: 'tee-m',
      quantity: 2,
    }),
  );
  expect(await screen.findByTestId('toast')).toHaveTextContent('Added to your cart');
});

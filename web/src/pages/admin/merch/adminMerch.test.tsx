import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { problemsOf } from '../../../app/forms';
import { fakeSession, gqlError, makeUser, renderApp, type Answer } from '../../../../test/utils';
import type { AdminProductRowFragment } from './adminMerch.generated';
import AdminMerchPage from './AdminMerchPage';
import { AdjustStockDialog } from './AdjustStockDialog';
import {
  adjustForm,
  deltaOf,
  EMPTY_PRODUCT,
  newVariant,
  productForm,
  productInput,
  productValuesOf,
  type ProductValues,
} from './merchRules';
import { ProductDialog } from './ProductDialog';

jest.setTimeout(20_000);

const image = (id: string) => ({
  __typename: 'ProductImage',
  id,
  url: `/api/product-images/${id}/full.webp`,
  thumbnailUrl: `/api/product-images/${id}/thumb.webp`,
  width: 1200,
  height: 800,
});
const tee = {
  __typename: 'Product',
  id: 'p-tee',
  name: 'Studio tee',
  description: 'Organic cotton',
  category: 'merchandise',
  priceCents: 2500,
  active: true,
  lowStockThreshold: 2,
  stockLeft: 7,
  lowStock: true,
  createdAt: '2030-01-01T10:00:00.000Z',
  coverImage: image('img-1'),
  images: [image('img-1')],
  variants: [
    { __typename: 'ProductVariant', id: 'v-s', label: 'S', stock: 2, lowStockThreshold: null },
    { __typename: 'ProductVariant', id: 'v-m', label: 'M', stock: 5, lowStockThreshold: null },
  ],
} as unknown as AdminProductRowFragment;
const water = {
  ...tee,
  id: 'p-water',
  name: 'Spring water',
  category: 'snacks',
  priceCents: 200,
  lowStockThreshold: null,
  stockLeft: null,
  lowStock: false,
  coverImage: null,
  images: [],
  variants: [{ __typename: 'ProductVariant', id: 'v-w', label: null, stock: null, lowStockThreshold: null }],
} as unknown as AdminProductRowFragment;

const page = (items: AdminProductRowFragment[]): Answer => ({
  data: { adminProducts: { __typename: 'ProductPage', total: items.length, page: 1, pageSize: 25, items } },
});
const admin = () => fakeSession({ user: makeUser({ role: 'admin', id: 'u-admin' }) });

describe('product form rules (pure)', () => {
  const valid: ProductValues = {
    ...EMPTY_PRODUCT,
    name: 'Tee',
    price: '25',
    variants: [newVariant('S'), { ...newVariant('M'), stock: '4' }],
  };

  it('checks each field with the API’s rules and the options’ names together', () => {
    expect(problemsOf(productForm, valid)).toEqual({});
    expect(problemsOf(productForm, { ...valid, name: ' ', price: 'ten', lowStockThreshold: '-1' })).toEqual({
      name: 'Give the product a name.',
      price: 'Enter an amount like 25 or 24.50.',
      lowStockThreshold: 'Between 0 and 10000.',
    });
    expect(problemsOf(productForm, { ...valid, variants: [newVariant('S'), newVariant('s')] })).toEqual({
      'variants.1.label': 'Each option needs its own name.',
    });
    expect(problemsOf(productForm, { ...valid, variants: [newVariant('S'), newVariant('')] })).toEqual({
      'variants.1.label': 'Name every option, e.g. S, M, L.',
    });
    expect(problemsOf(productForm, { ...valid, variants: [{ ...newVariant('S'), stock: '' }] })).toEqual({
      'variants.0.stock': 'Required.',
    });
    // Unlimited and existing options type no stock.
    expect(problemsOf(productForm, { ...valid, variants: [{ ...newVariant('S'), stock: '', unlimited: true }] })).toEqual({});
    expect(problemsOf(productForm, { ...valid, variants: [{ ...newVariant('S'), id: 'v1', stock: '' }] })).toEqual({});
  });

  it('sends cents, stock only for new options (null: unlimited), and levels as numbers or null', () => {
    const values: ProductValues = {
      ...valid,
      price: '$24.5',
      lowStockThreshold: '',
      variants: [
        { id: 'v-s', label: ' S ', stock: '2', unlimited: false, lowStockThreshold: '1' },
        { ...newVariant('Tap'), unlimited: true },
        { ...newVariant(''), stock: '6' },
      ],
    };
    expect(productInput(values)).toEqual({
      category: 'merchandise',
      name: 'Tee',
      description: '',
      priceCents: 2450,
      lowStockThreshold: null,
      variants: [
        { id: 'v-s', label: 'S', lowStockThreshold: 1 },
        { stock: null, label: 'Tap', lowStockThreshold: null },
        { stock: 6, label: null, lowStockThreshold: null },
      ],
    });
    expect(productValuesOf(tee)).toMatchObject({
      price: '25.00',
      lowStockThreshold: '2',
      variants: [{ id: 'v-s', stock: '2' }, { id: 'v-m' }],
    });
  });

  it('the stock form refuses taking away more than there is', () => {
    const form = adjustForm((id) => (id === 'v-s' ? 2 : null));
    expect(problemsOf(form, { variantId: 'v-s', direction: 'remove', quantity: '3', reason: 'Damaged' })).toEqual({
      quantity: 'Only 2 in stock: take away at most 2.',
    });
    expect(problemsOf(form, { variantId: '', direction: 'add', quantity: '0', reason: '' })).toEqual({
      variantId: 'Choose an option.',
      quantity: 'Between 1 and 100000.',
      reason: 'Say why, e.g. "Delivery from supplier" or "Damaged".',
    });
    expect(deltaOf({ direction: 'remove', quantity: '3' })).toBe(-3);
    expect(deltaOf({ direction: 'add', quantity: ' 12 ' })).toBe(12);
  });
});

describe('/admin/merch', () => {
  it('lists products on sale by name, with pictures, stock and low-stock marks, and filters on the server', async () => {
    const { calls } = renderApp(<AdminMerchPage />, {
      session: admin(),
      route: '/admin/merch',
      handlers: { AdminProducts: page([tee, water]) },
    });
    expect(await screen.findByText('2 products')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'AdminProducts')?.variables).toEqual({
      page: 1,
      pageSize: 25,
      active: true,
      sortField: 'name',
      sortDirection: 'ASC',
    });
    expect(screen.getAllByText('Studio tee').length).toBeGreaterThan(0);
    expect(screen.getAllByText('7 left').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Unlimited').length).toBeGreaterThan(0);
    expect(document.querySelector('img[src="/api/product-images/img-1/thumb.webp"]')).not.toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Stock/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Low stock' }));
    await waitFor(() => expect(calls.at(-1)?.variables).toMatchObject({ lowStock: true, active: true, page: 1 }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /^Status/ }));
    fireEvent.click(screen.getByRole('option', { name: 'Archived' }));
    await waitFor(() => expect(calls.at(-1)?.variables).toMatchObject({ lowStock: true, active: false }));
  });

  it('opens a product from its address: options with stock and levels, pictures, and the stock history', async () => {
    renderApp(<AdminMerchPage />, {
      session: admin(),
      route: '/admin/merch?product=p-tee',
      handlers: {
        AdminProducts: page([tee]),
        AdminProduct: { data: { adminProduct: tee } },
        StockAdjustments: {
          data: {
            stockAdjustments: {
              __typename: 'StockAdjustmentPage',
              total: 1,
              page: 1,
              pageSize: 10,
              items: [
                {
                  __typename: 'StockAdjustment',
                  id: 'a1',
                  createdAt: '2030-01-02T17:00:00.000Z',
                  delta: -3,
                  stockAfter: 2,
                  reason: 'Damaged in the wash',
                  variantLabel: 'S',
                  actor: { __typename: 'PersonSummary', id: 'u-admin', name: 'Ada Admin' },
                },
              ],
            },
          },
        },
      },
    });
    const drawer = await screen.findByRole('dialog', { name: 'Studio tee' });
    const options = await within(drawer).findAllByTestId('option');
    expect(options[0]).toHaveTextContent('S');
    expect(options[0]).toHaveTextContent('2 left');
    expect(options[0]).toHaveTextContent('Low stock');
    expect(options[1]).not.toHaveTextContent('Low stock');
    expect(within(drawer).getByRole('img', { name: 'Studio tee, cover image' })).toBeInTheDocument();
    const [entry] = await within(drawer).findAllByTestId('stock-adjustment');
    expect(entry).toHaveTextContent('Ada Admin');
    expect(entry).toHaveTextContent('−3 · S');
    expect(entry).toHaveTextContent('Damaged in the wash');
    fireEvent.click(within(options[0]).getByRole('button', { name: 'Adjust stock of S' }));
    expect(await screen.findByRole('dialog', { name: 'Adjust stock · Studio tee' })).toBeInTheDocument();
  });

  it('refuses a picture that is not an image before uploading it', async () => {
    const realFetch = global.fetch;
    const fetchSpy = jest.fn();
    global.fetch = fetchSpy as unknown as typeof fetch;
    renderApp(<AdminMerchPage />, {
      session: admin(),
      route: '/admin/merch?product=p-tee',
      handlers: { AdminProducts: page([tee]), AdminProduct: { data: { adminProduct: tee } }, StockAdjustments: 'pending' },
    });
    const drawer = await screen.findByRole('dialog', { name: 'Studio tee' });
    const file = new File(['GIF89a'], 'x.gif', { type: 'image/gif' });
    fireEvent.change(within(drawer).getByLabelText('Image file'), { target: { files: [file] } });
    expect(await within(drawer).findByText('Choose a JPEG, PNG or WebP image.')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
    global.fetch = realFetch;
  });
});

describe('the product dialog', () => {
  it('adds a product with options: what is missing shows before sending, then the input goes as typed', async () => {
    const onClose = jest.fn();
    const { calls } = renderApp(<ProductDialog product={null} onClose={onClose} />, {
      handlers: {
        CreateProduct: (op) => ({ data: { createProduct: { ...tee, id: 'p-new', name: (op.variables.input as { name: string }).name } } }),
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'New product' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add option' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add product' }));
    expect(await within(dialog).findByText('Give the product a name.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Name every option, e.g. S, M, L.').length).toBe(2);
    expect(calls.some((c) => c.operationName === 'CreateProduct')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Grip socks' } });
    fireEvent.change(within(dialog).getByLabelText(/^Price/), { target: { value: '14.50' } });
    const [first, second] = within(dialog).getAllByRole('group', { name: /^Option \d/ });
    fireEvent.change(within(first).getByLabelText('Option'), { target: { value: 'S' } });
    fireEvent.change(within(first).getByLabelText('Stock'), { target: { value: '6' } });
    fireEvent.change(within(second).getByLabelText('Option'), { target: { value: 'M' } });
    fireEvent.change(within(second).getByLabelText('Stock'), { target: { value: '4' } });
    fireEvent.change(within(second).getByLabelText('Own low level'), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.operationName === 'CreateProduct')?.variables).toEqual({
      input: {
        category: 'merchandise',
        name: 'Grip socks',
        description: '',
        priceCents: 1450,
        lowStockThreshold: 3,
        variants: [
          { stock: 6, label: 'S', lowStockThreshold: null },
          { stock: 4, label: 'M', lowStockThreshold: 1 },
        ],
      },
    });
  });

  it('edits a product: existing options show their stock (changed through adjustments) and keep their ids', async () => {
    const onClose = jest.fn();
    const { calls } = renderApp(<ProductDialog product={tee} onClose={onClose} />, {
      handlers: { UpdateProduct: { data: { updateProduct: tee } } },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Edit Studio tee' });
    expect(within(dialog).getByText('2 left')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Stock')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove option 2' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((c) => c.operationName === 'UpdateProduct')?.variables).toMatchObject({
      id: 'p-tee',
      input: { variants: [{ id: 'v-s', label: 'S', lowStockThreshold: null }] },
    });
  });
});

describe('the stock dialog', () => {
  it('sends the change with its reason, previews the stock after it, and shows the server’s refusal on its field', async () => {
    const onClose = jest.fn();
    const { calls } = renderApp(<AdjustStockDialog product={tee} variantId="v-m" onClose={onClose} />, {
      handlers: {
        AdjustStock: (op) =>
          op.variables.delta === -5
            ? gqlError('BAD_USER_INPUT', 'Only 4 in stock: take away at most 4.', { delta: 'Only 4 in stock: take away at most 4.' })
            : {
                data: {
                  adjustStock: {
                    __typename: 'StockAdjustmentResult',
                    adjustment: { __typename: 'StockAdjustment', id: 'a9', delta: 12, stockAfter: 17 },
                    variant: { __typename: 'ProductVariant', id: 'v-m', stock: 17 },
                    product: { __typename: 'Product', id: 'p-tee', stockLeft: 19, lowStock: true },
                  },
                },
              },
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Adjust stock · Studio tee' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take away' }));
    fireEvent.change(within(dialog).getByLabelText(/^How many/), { target: { value: '5' } });
    expect(within(dialog).getByRole('status')).toHaveTextContent('5 in stock now → 0 after this change.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Damaged' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save change' }));
    expect(await within(dialog).findByText('Only 4 in stock: take away at most 4.')).toBeInTheDocument();
    expect(calls.find((c) => c.operationName === 'AdjustStock')?.variables).toEqual({ variantId: 'v-m', delta: -5, reason: 'Damaged' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
    fireEvent.change(within(dialog).getByLabelText(/^How many/), { target: { value: '12' } });
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: 'Delivery from supplier' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save change' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.filter((c) => c.operationName === 'AdjustStock').at(-1)?.variables).toEqual({
      variantId: 'v-m',
      delta: 12,
      reason: 'Delivery from supplier',
    });
    expect(await screen.findByText('Stock updated')).toBeInTheDocument();
  });
});

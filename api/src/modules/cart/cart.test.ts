import { startTestApp, type TestApp } from '../../../test/app.js';
import { em, makeUser } from '../../../test/factories.js';
import { makeProduct } from '../../../test/shop.js';
import { ProductVariant } from '../products/product.entity.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const LINES = `id quantity lineTotalCents variant { id label } product { name priceCents category }`;
const ADD = `mutation($productId: ID!, $variantId: ID, $quantity: Int!) {
  addProductToCart(productId: $productId, variantId: $variantId, quantity: $quantity) { ${LINES} } }`;

const rest = (path: string, token: string | null, method = 'GET') =>
  fetch(`${t.url}/api${path}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {} });

it('refuses the product cart when signed out, over GraphQL and REST', async () => {
  expect((await t.gql(`{ productCart { id } }`)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  expect((await rest('/cart-items', null)).status).toBe(401);
  expect((await rest('/cart-items', null, 'DELETE')).status).toBe(401);
});

it('adds products, raises the quantity of a line already there, and answers GET /api/cart-items in the spec shape', async () => {
  const { token } = await makeUser(t);
  const product = await makeProduct(t, { stock: 10, priceCents: 2500 });
  await t.gql(ADD, { productId: product.id, quantity: 1 }, { token });
  const added = await t.gql(ADD, { productId: product.id, quantity: 2 }, { token });
  expect(added.errors).toBeUndefined();
  expect(added.data?.addProductToCart).toEqual([
    expect.objectContaining({
      quantity: 3,
      lineTotalCents: 7500,
      product: { name: product.name, priceCents: 2500, category: 'merchandise' },
    }),
  ]);
  const res = await rest('/cart-items', token);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual([
    {
      id: added.data?.addProductToCart[0].id,
      quantity: 3,
      product: { name: product.name, description: '', price: '25.00', category: 'merchandise' },
    },
  ]);
});

it('checks stock when adding and when raising the quantity ("Only 2 left", "sold out")', async () => {
  const { token } = await makeUser(t);
  const product = await makeProduct(t, { stock: 2 });
  const tooMany = await t.gql(ADD, { productId: product.id, quantity: 3 }, { token });
  expect(tooMany.errors?.[0]).toMatchObject({ message: `Only 2 left of ${product.name}.`, extensions: { code: 'CONFLICT' } });
  const line = (await t.gql(ADD, { productId: product.id, quantity: 2 }, { token })).data?.addProductToCart[0];
  const raise = await t.gql(`mutation($id: ID!) { setCartItemQuantity(itemId: $id, quantity: 3) { id } }`, { id: line.id }, { token });
  expect(raise.errors?.[0].message).toBe(`Only 2 left of ${product.name}.`);
  const lower = await t.gql(
    `mutation($id: ID!) { setCartItemQuantity(itemId: $id, quantity: 1) { quantity } }`,
    { id: line.id },
    { token },
  );
  expect(lower.data?.setCartItemQuantity).toEqual([{ quantity: 1 }]);
  const soldOut = await makeProduct(t, { stock: 0 });
  expect((await t.gql(ADD, { productId: soldOut.id, quantity: 1 }, { token })).errors?.[0].message).toBe(`${soldOut.name} is sold out.`);
});

it('needs a size for a product that has sizes, and refuses quantities outside 1–99', async () => {
  const { token } = await makeUser(t);
  const tee = await makeProduct(t, { labels: ['S', 'M'], stock: 5 });
  const noSize = await t.gql(ADD, { productId: tee.id, quantity: 1 }, { token });
  expect(noSize.errors?.[0]).toMatchObject({ message: 'Choose a size first.', extensions: { code: 'BAD_USER_INPUT' } });
  const [, medium] = await em(t).find(ProductVariant, { product: tee.id }, { orderBy: { sortOrder: 'asc' } });
  const ok = await t.gql(ADD, { productId: tee.id, variantId: medium.id, quantity: 1 }, { token });
  expect(ok.data?.addProductToCart[0].variant).toEqual({ id: medium.id, label: 'M' });
  const zero = await t.gql(ADD, { productId: tee.id, variantId: medium.id, quantity: 0 }, { token });
  expect(zero.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', fields: { quantity: 'Between 1 and 99.' } });
});

it("removes one line and clears the cart over REST (204); another member's line is not found", async () => {
  const me = await makeUser(t);
  const other = await makeUser(t);
  const a = await makeProduct(t);
  const b = await makeProduct(t);
  await t.gql(ADD, { productId: a.id, quantity: 1 }, { token: me.token });
  const lines = (await t.gql(ADD, { productId: b.id, quantity: 1 }, { token: me.token })).data?.addProductToCart;
  expect((await rest(`/cart-items/${lines[0].id}`, other.token, 'DELETE')).status).toBe(404);
  expect((await rest(`/cart-items/${lines[0].id}`, me.token, 'DELETE')).status).toBe(204);
  expect(((await (await rest('/cart-items', me.token)).json()) as unknown[]).length).toBe(1);
  expect((await rest('/cart-items', me.token, 'DELETE')).status).toBe(204);
  expect(await (await rest('/cart-items', me.token)).json()).toEqual([]);
  expect((await rest('/cart-items/not-a-uuid', me.token, 'DELETE')).status).toBe(400);
});

it('two tabs adding the same item at once make one line', async () => {
  const { token } = await makeUser(t);
  const product = await makeProduct(t, { stock: 50 });
  await Promise.all(Array.from({ length: 5 }, () => t.gql(ADD, { productId: product.id, quantity: 1 }, { token })));
  const cart = (await t.gql(`{ productCart { quantity } }`, {}, { token })).data?.productCart;
  expect(cart).toEqual([{ quantity: 5 }]);
});

import { startTestApp, type TestApp } from '../../../test/app.js';
import { em, makeUser, Role } from '../../../test/factories.js';
import { DEMO_PRODUCTS, seedDemoShop } from '../../seed/demo-shop.js';
import { makeProduct } from '../../../test/shop.js';
import { ProductCategory, ProductVariant } from './product.entity.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await seedDemoShop(em(t));
});
afterAll(() => t.close());

const CATALOGUE = `query($category: ProductCategory, $search: String) {
  products(category: $category, search: $search) { name category priceCents stockLeft variants { label stock } }
}`;

it('refuses the catalogue when signed out', async () => {
  const res = await t.gql(CATALOGUE);
  expect(res.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
});

it('lists the demo shop by category and search, with stock per size and one item sold out', async () => {
  const { token } = await makeUser(t);
  const all = (await t.gql(CATALOGUE, {}, { token })).data?.products;
  expect(all).toHaveLength(DEMO_PRODUCTS.length);
  expect(all.filter((p: { stockLeft: number | null }) => p.stockLeft === 0).map((p: { name: string }) => p.name)).toEqual(['Knee pads']);
  const tee = all.find((p: { name: string }) => p.name === 'Studio tee');
  expect(tee.variants.map((v: { label: string }) => v.label)).toEqual(['XS', 'S', 'M', 'L', 'XL']);
  expect(tee.stockLeft).toBe(31);
  const water = all.find((p: { name: string }) => p.name === 'Spring water');
  expect(water).toMatchObject({ stockLeft: null, category: 'snacks' });

  const snacks = (await t.gql(CATALOGUE, { category: 'snacks' }, { token })).data?.products;
  expect(snacks.every((p: { category: string }) => p.category === 'snacks')).toBe(true);
  const found = (await t.gql(CATALOGUE, { search: 'chalk' }, { token })).data?.products;
  expect(found.map((p: { name: string }) => p.name)).toEqual(['Block chalk']);
  // LIKE wildcards typed by a member are plain characters.
  expect((await t.gql(CATALOGUE, { search: '%' }, { token })).data?.products).toEqual([]);
});

it('hides archived products and system categories from members; admins see archived ones', async () => {
  const archived = await makeProduct(t, { active: false });
  const membership = await makeProduct(t, { category: ProductCategory.membership });
  const member = await makeUser(t);
  const admin = await makeUser(t, { role: Role.admin });
  const names = async (token: string) => ((await t.gql(CATALOGUE, {}, { token })).data?.products as { name: string }[]).map((p) => p.name);
  expect(await names(member.token)).not.toContain(archived.name);
  expect(await names(admin.token)).toContain(archived.name);
  expect(await names(admin.token)).not.toContain(membership.name);
});

it('never lets stock go below zero: the database refuses it even without the conditional update', async () => {
  const product = await makeProduct(t, { stock: 1 });
  const e = em(t);
  await expect(e.getConnection().execute(`update product_variant set stock = -1 where product_id = ?`, [product.id])).rejects.toThrow(
    /product_variant_stock_nonnegative/,
  );
});

it('20 buyers racing for the last item: exactly one gets it', async () => {
  const product = await makeProduct(t, { stock: 1 });
  const [variant] = await em(t).find(ProductVariant, { product: product.id });
  const products = t.app.services.products;
  const results = await Promise.all(Array.from({ length: 20 }, () => em(t).transactional((tx) => products.takeStock(tx, variant.id, 1))));
  expect(results.filter(Boolean)).toHaveLength(1);
  expect(await products.stockOf(em(t), variant.id)).toBe(0);
});

it('takes stock only when enough is left; unlimited variants never run out; returned stock comes back', async () => {
  const products = t.app.services.products;
  const limited = await makeProduct(t, { stock: 3 });
  const unlimited = await makeProduct(t, { stock: null });
  const [lv] = await em(t).find(ProductVariant, { product: limited.id });
  const [uv] = await em(t).find(ProductVariant, { product: unlimited.id });
  expect(await em(t).transactional((tx) => products.takeStock(tx, lv.id, 4))).toBe(false);
  expect(await em(t).transactional((tx) => products.takeStock(tx, lv.id, 3))).toBe(true);
  expect(await em(t).transactional((tx) => products.takeStock(tx, uv.id, 500))).toBe(true);
  await em(t).transactional((tx) => products.returnStock(tx, lv.id, 2));
  expect(await products.stockOf(em(t), lv.id)).toBe(2);
  expect(await products.stockOf(em(t), uv.id)).toBeNull();
});

import { startTestApp, type TestApp } from '../../../test/app.js';
import { em, makeUser, Role, type MadeUser } from '../../../test/factories.js';
import { statementCounter } from '../../../test/statements.js';
import { Notification } from '../notifications/notification.entity.js';
import { ProductVariant, StockAdjustment } from './product.entity.js';

let t: TestApp;
let admin: MadeUser;
let member: MadeUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await makeUser(t, { role: Role.admin });
  member = await makeUser(t);
});
afterAll(() => t.close());

const PRODUCT = `id name category description priceCents active lowStockThreshold stockLeft lowStock
  variants { id label stock lowStockThreshold }`;
const CREATE = `mutation($input: ProductInput!) { createProduct(input: $input) { ${PRODUCT} } }`;
const UPDATE = `mutation($id: ID!, $input: ProductInput!) { updateProduct(id: $id, input: $input) { ${PRODUCT} } }`;
const ADJUST = `mutation($variantId: ID!, $delta: Int!, $reason: String!) {
  adjustStock(variantId: $variantId, delta: $delta, reason: $reason) {
    adjustment { id delta stockAfter reason variantLabel createdAt actor { name } }
    variant { id stock }
    product { id stockLeft lowStock }
  }
}`;
const HISTORY = `query($id: ID!) { stockAdjustments(productId: $id) { total items { delta stockAfter reason variantLabel actor { name } } } }`;
const LIST = `query($page: Int, $pageSize: Int, $search: String, $category: ProductCategory, $active: Boolean, $lowStock: Boolean,
  $sortField: ProductSortField, $sortDirection: SortDirection) {
  adminProducts(page: $page, pageSize: $pageSize, search: $search, category: $category, active: $active, lowStock: $lowStock,
    sortField: $sortField, sortDirection: $sortDirection) { total items { id name stockLeft lowStock active coverImage { id } } }
}`;

let made = 0;
const tee = (overrides: Record<string, unknown> = {}) => ({
  category: 'merchandise',
  name: `Tee ${++made} ${Math.random().toString(36).slice(2, 6)}`,
  description: 'Organic cotton',
  priceCents: 2500,
  lowStockThreshold: 2,
  variants: [
    { label: 'S', stock: 5 },
    { label: 'M', stock: 8, lowStockThreshold: 3 },
  ],
  ...overrides,
});

async function create(input: Record<string, unknown> = tee()) {
  const res = await t.gql(CREATE, { input }, { token: admin.token });
  expect(res.errors).toBeUndefined();
  return res.data!.createProduct;
}

const lowStockNotices = (userId: string) => em(t).count(Notification, { user: userId, title: { $like: 'Low stock:%' } });

describe('who may manage products', () => {
  it('refuses signed-out callers, members and staff', async () => {
    const instructor = await makeUser(t, { role: Role.instructor });
    const product = await create();
    const operations: [string, Record<string, unknown>][] = [
      [LIST, {}],
      [CREATE, { input: tee() }],
      [UPDATE, { id: product.id, input: tee() }],
      [ADJUST, { variantId: product.variants[0].id, delta: 1, reason: 'Delivery' }],
      [HISTORY, { id: product.id }],
      [`mutation($id: ID!) { archiveProduct(id: $id) { id } }`, { id: product.id }],
    ];
    for (const [query, variables] of operations) {
      expect((await t.gql(query, variables)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
      for (const who of [member, instructor])
        expect((await t.gql(query, variables, { token: who.token })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    }
  });

  it('answers a system product (a membership) as not found', async () => {
    const e = em(t);
    const [{ id }] = await e
      .getConnection()
      .execute<{ id: string }[]>(
        `insert into product (id, category, name, description, price_cents, active, created_at) values (gen_random_uuid(), 'membership', 'Monthly', '', 9000, true, now()) returning id`,
      );
    const res = await t.gql(`query($id: ID!) { adminProduct(id: $id) { id } }`, { id }, { token: admin.token });
    expect(res.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await t.gql(UPDATE, { id, input: tee() }, { token: admin.token })).errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });
});

describe('creating and editing', () => {
  it('creates a product with options and records their initial stock as history', async () => {
    const product = await create();
    expect(product).toMatchObject({ category: 'merchandise', priceCents: 2500, active: true, stockLeft: 13, lowStock: false });
    expect(product.variants.map((v: { label: string; stock: number }) => [v.label, v.stock])).toEqual([
      ['S', 5],
      ['M', 8],
    ]);
    const history = (await t.gql(HISTORY, { id: product.id }, { token: admin.token })).data!.stockAdjustments;
    expect(history.total).toBe(2);
    expect(history.items.map((a: { reason: string }) => a.reason)).toEqual(['Initial stock', 'Initial stock']);
    expect(history.items[0].actor.name).toBe(`${admin.user.firstName} ${admin.user.lastName}`);
  });

  it('refuses bad input with field messages and no 5xx', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [tee({ name: '  ' }), 'name'],
      [tee({ priceCents: -1 }), 'priceCents'],
      [tee({ lowStockThreshold: -3 }), 'lowStockThreshold'],
      [tee({ variants: [] }), 'variants'],
      [tee({ variants: [{ label: 'S', stock: -2 }] }), 'stock'],
      [tee({ variants: [{ label: 'x'.repeat(61), stock: 1 }] }), 'label'],
      [tee({ variants: [{ label: 'S' }, { label: 's' }] }), 'variants'],
      [tee({ variants: [{ label: 'S' }, { label: '' }] }), 'variants'],
      [tee({ category: 'membership' }), 'category'],
    ];
    for (const [input, field] of cases) {
      const res = await t.gql(CREATE, { input }, { token: admin.token });
      expect(res.status).toBeLessThan(500);
      expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
      expect(Object.keys(res.errors?.[0].extensions?.fields ?? {})).toContain(field);
    }
  });

  it('changes details, renames, adds and removes options; removed ones keep their history', async () => {
    const product = await create();
    const [s, m] = product.variants;
    await t.gql(ADJUST, { variantId: s.id, delta: -1, reason: 'Damaged' }, { token: admin.token });
    const res = await t.gql(
      UPDATE,
      {
        id: product.id,
        input: tee({
          name: 'Studio tee v2',
          priceCents: 2700,
          variants: [
            { id: m.id, label: 'Medium' },
            { label: 'L', stock: 4 },
          ],
        }),
      },
      { token: admin.token },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.updateProduct).toMatchObject({ name: 'Studio tee v2', priceCents: 2700, stockLeft: 12 });
    expect(res.data!.updateProduct.variants.map((v: { label: string; stock: number }) => [v.label, v.stock])).toEqual([
      ['Medium', 8],
      ['L', 4],
    ]);
    const history = await em(t).find(StockAdjustment, { product: product.id }, { orderBy: { createdAt: 'asc' } });
    expect(history.map((a) => [a.variantLabel, a.delta, a.variant?.id ?? null])).toEqual(
      expect.arrayContaining([
        ['S', -1, null],
        ['L', 4, expect.any(String)],
      ]),
    );
  });

  it('refuses options of another product', async () => {
    const a = await create();
    const b = await create();
    const res = await t.gql(UPDATE, { id: a.id, input: tee({ variants: [{ id: b.variants[0].id, label: 'S' }] }) }, { token: admin.token });
    expect(res.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('archives and restores: archived products leave the shop but stay in the admin table', async () => {
    const product = await create();
    const archived = await t.gql(
      `mutation($id: ID!) { archiveProduct(id: $id) { id active } }`,
      { id: product.id },
      { token: admin.token },
    );
    expect(archived.data!.archiveProduct.active).toBe(false);
    const shop = await t.gql(`{ products { id } }`, {}, { token: member.token });
    expect(shop.data!.products.map((p: { id: string }) => p.id)).not.toContain(product.id);
    const archivedOnly = await t.gql(LIST, { active: false, pageSize: 100 }, { token: admin.token });
    expect(archivedOnly.data!.adminProducts.items.map((p: { id: string }) => p.id)).toContain(product.id);
    const restored = await t.gql(
      `mutation($id: ID!) { restoreProduct(id: $id) { id active } }`,
      { id: product.id },
      { token: admin.token },
    );
    expect(restored.data!.restoreProduct.active).toBe(true);
  });
});

describe('stock adjustments', () => {
  it('adds and takes away stock with a reason; each is kept with who, when, delta and the resulting stock', async () => {
    const product = await create();
    const s = product.variants[0];
    const added = await t.gql(ADJUST, { variantId: s.id, delta: 12, reason: ' Delivery from supplier ' }, { token: admin.token });
    expect(added.errors).toBeUndefined();
    expect(added.data!.adjustStock).toMatchObject({
      adjustment: { delta: 12, stockAfter: 17, reason: 'Delivery from supplier', variantLabel: 'S' },
      variant: { id: s.id, stock: 17 },
      product: { id: product.id, stockLeft: 25 },
    });
    await t.gql(ADJUST, { variantId: s.id, delta: -2, reason: 'Damaged in the wash' }, { token: admin.token });
    const history = (await t.gql(HISTORY, { id: product.id }, { token: admin.token })).data!.stockAdjustments;
    expect(history.items.slice(0, 2)).toEqual([
      {
        delta: -2,
        stockAfter: 15,
        reason: 'Damaged in the wash',
        variantLabel: 'S',
        actor: { name: `${admin.user.firstName} ${admin.user.lastName}` },
      },
      {
        delta: 12,
        stockAfter: 17,
        reason: 'Delivery from supplier',
        variantLabel: 'S',
        actor: { name: `${admin.user.firstName} ${admin.user.lastName}` },
      },
    ]);
  });

  it('refuses taking more than there is, a zero change, no reason, and unlimited options', async () => {
    const product = await create(
      tee({
        variants: [
          { label: 'S', stock: 3 },
          { label: 'Tap', stock: null },
        ],
      }),
    );
    const [s, tap] = product.variants;
    const tooMany = await t.gql(ADJUST, { variantId: s.id, delta: -4, reason: 'Count' }, { token: admin.token });
    expect(tooMany.errors?.[0]).toMatchObject({
      message: 'Only 3 in stock: take away at most 3.',
      extensions: { code: 'BAD_USER_INPUT', fields: { delta: 'Only 3 in stock: take away at most 3.' } },
    });
    const zero = await t.gql(ADJUST, { variantId: s.id, delta: 0, reason: 'Count' }, { token: admin.token });
    expect(zero.errors?.[0].extensions?.fields).toHaveProperty('delta');
    const blank = await t.gql(ADJUST, { variantId: s.id, delta: 1, reason: '   ' }, { token: admin.token });
    expect(blank.errors?.[0].extensions?.fields).toHaveProperty('reason');
    const unlimited = await t.gql(ADJUST, { variantId: tap.id, delta: 1, reason: 'Count' }, { token: admin.token });
    expect(unlimited.errors?.[0].extensions?.code).toBe('CONFLICT');
    const missing = await t.gql(
      ADJUST,
      { variantId: '00000000-0000-4000-8000-000000000000', delta: 1, reason: 'x' },
      { token: admin.token },
    );
    expect(missing.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect(await t.app.services.products.stockOf(em(t), s.id)).toBe(3);
  });
});

describe('the low-stock notice', () => {
  const sell = (variantId: string, quantity = 1) => em(t).transactional((tx) => t.app.services.products.takeStock(tx, variantId, quantity));

  it('tells every admin once when sales take an option to its level, and again only after a restock above it', async () => {
    const other = await makeUser(t, { role: Role.admin });
    const product = await create(tee({ lowStockThreshold: 2, variants: [{ label: 'S', stock: 4 }] }));
    const s = product.variants[0].id;
    const before = { admin: await lowStockNotices(admin.user.id), other: await lowStockNotices(other.user.id) };

    expect(await sell(s)).toBe(true); // 3: above the level
    expect(await lowStockNotices(admin.user.id)).toBe(before.admin);
    expect(await sell(s)).toBe(true); // 2: at the level → told
    expect(await lowStockNotices(admin.user.id)).toBe(before.admin + 1);
    expect(await lowStockNotices(other.user.id)).toBe(before.other + 1);
    const [notice] = await em(t).find(
      Notification,
      { user: admin.user.id, title: { $like: 'Low stock:%' } },
      { orderBy: { createdAt: 'desc' } },
    );
    expect(notice).toMatchObject({ message: expect.stringContaining('Only 2 left of'), link: `/admin/merch?product=${product.id}` });

    expect(await sell(s)).toBe(true); // 1: still low, not again
    expect(await sell(s)).toBe(true); // 0
    expect(await lowStockNotices(admin.user.id)).toBe(before.admin + 1);

    // Stock coming back from an abandoned checkout is not a restock.
    await em(t).transactional((tx) => t.app.services.products.returnStock(tx, s, 3));
    expect(await sell(s)).toBe(true);
    expect(await lowStockNotices(admin.user.id)).toBe(before.admin + 1);

    // An admin's restock above the level re-arms it; the next crossing tells again.
    await t.gql(ADJUST, { variantId: s, delta: 5, reason: 'Delivery' }, { token: admin.token }); // 7
    expect(await lowStockNotices(admin.user.id)).toBe(before.admin + 1);
    expect(await sell(s, 5)).toBe(true); // 2
    expect(await lowStockNotices(admin.user.id)).toBe(before.admin + 2);
  });

  it('concurrent sales crossing the level tell each admin exactly once', async () => {
    const product = await create(tee({ lowStockThreshold: 5, variants: [{ label: 'S', stock: 12 }] }));
    const s = product.variants[0].id;
    const before = await lowStockNotices(admin.user.id);
    const sold = await Promise.all(Array.from({ length: 12 }, () => sell(s)));
    expect(sold.every(Boolean)).toBe(true);
    expect(await t.app.services.products.stockOf(em(t), s)).toBe(0);
    expect(await lowStockNotices(admin.user.id)).toBe(before + 1);
    expect((await em(t).findOneOrFail(ProductVariant, { id: s })).lowStockAlerted).toBe(true);
  });

  it("an option's own level wins over the product's; an admin's removal crossing it tells too", async () => {
    const product = await create(tee({ lowStockThreshold: 1, variants: [{ label: 'S', stock: 6, lowStockThreshold: 4 }] }));
    const s = product.variants[0].id;
    const before = await lowStockNotices(admin.user.id);
    const res = await t.gql(ADJUST, { variantId: s, delta: -2, reason: 'Damaged' }, { token: admin.token }); // 4
    expect(res.data!.adjustStock.product.lowStock).toBe(true);
    expect(await lowStockNotices(admin.user.id)).toBe(before + 1);
  });

  it('a new level at or above current stock counts as told (the admin sets it looking at the stock)', async () => {
    const product = await create(tee({ lowStockThreshold: null, variants: [{ label: 'S', stock: 3 }] }));
    const before = await lowStockNotices(admin.user.id);
    await t.gql(
      UPDATE,
      { id: product.id, input: tee({ lowStockThreshold: 5, variants: [{ id: product.variants[0].id, label: 'S' }] }) },
      { token: admin.token },
    );
    await sell(product.variants[0].id);
    expect(await lowStockNotices(admin.user.id)).toBe(before);
  });
});

describe('the admin table', () => {
  it('pages, sorts by stock, filters by category, state, low stock and search, in at most 4 statements', async () => {
    const tag = `Zq${Math.random().toString(36).slice(2, 6)}`;
    const low = await create(tee({ name: `${tag} low`, lowStockThreshold: 5, variants: [{ label: 'S', stock: 2 }] }));
    const plenty = await create(tee({ name: `${tag} plenty`, lowStockThreshold: 1, variants: [{ label: 'S', stock: 50 }] }));
    const bar = await create(
      tee({ name: `${tag} bar`, category: 'snacks', lowStockThreshold: null, variants: [{ label: null, stock: null }] }),
    );
    await t.gql(`mutation($id: ID!) { archiveProduct(id: $id) { id } }`, { id: plenty.id }, { token: admin.token });
    const ids = async (variables: Record<string, unknown>) => {
      const res = await t.gql(LIST, { search: tag, ...variables }, { token: admin.token });
      expect(res.errors).toBeUndefined();
      return res.data!.adminProducts.items.map((p: { id: string }) => p.id);
    };
    expect(await ids({ sortField: 'stockLeft', sortDirection: 'ASC' })).toEqual([low.id, plenty.id, bar.id]);
    expect(await ids({ sortField: 'stockLeft', sortDirection: 'DESC' })).toEqual([bar.id, plenty.id, low.id]);
    expect(await ids({ category: 'snacks' })).toEqual([bar.id]);
    expect(await ids({ active: false })).toEqual([plenty.id]);
    expect(await ids({ lowStock: true })).toEqual([low.id]);
    const page2 = await t.gql(LIST, { search: tag, pageSize: 2, page: 2 }, { token: admin.token });
    expect(page2.data!.adminProducts).toMatchObject({ total: 3, items: [{ id: expect.any(String) }] });
    const past = await t.gql(LIST, { search: tag, pageSize: 2, page: 5 }, { token: admin.token });
    expect(past.data!.adminProducts).toMatchObject({ total: 3, items: [] });

    const counter = statementCounter(t);
    const res = await t.gql(LIST, { pageSize: 100 }, { token: admin.token });
    const statements = counter.sql().length;
    counter.stop();
    expect(res.data!.adminProducts.items.length).toBeGreaterThanOrEqual(3);
    expect(statements).toBeGreaterThan(0);
    expect(statements).toBeLessThanOrEqual(4);
  });

  it('refuses page sizes over 100 and long searches', async () => {
    expect((await t.gql(LIST, { pageSize: 101 }, { token: admin.token })).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect((await t.gql(LIST, { search: 'x'.repeat(101) }, { token: admin.token })).errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });
});

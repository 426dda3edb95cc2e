import { judge, people, type Person, type Rule, type Verdict } from '../../../test/policy.js';
import type { Actor } from '../users/role.js';
import { ProductCategory } from './product.entity.js';
import {
  assertMayBuyProduct,
  assertMayManageProduct,
  catalogueScope,
  mayBuyProduct,
  mayManageProduct,
  maySeeProduct,
  type ShopProduct,
} from './product.policy.js';

const products = {
  'an active tee': { category: ProductCategory.merchandise, active: true },
  'an active protein bar': { category: ProductCategory.snacks, active: true },
  'an archived tee': { category: ProductCategory.merchandise, active: false },
  'a membership': { category: ProductCategory.membership, active: true },
  'a class pack': { category: ProductCategory.membership, active: true, packClasses: 10 },
  'an archived class pack': { category: ProductCategory.membership, active: false, packClasses: 10 },
  'an invoice': { category: ProductCategory.invoice, active: true },
  'a missing product': null,
} satisfies Record<string, ShopProduct | null>;
type Which = keyof typeof products;

const see: Rule<Actor, ShopProduct | null> = { may: (a, p) => p !== null && maySeeProduct(a, p) };
const buy: Rule<Actor, ShopProduct | null> = {
  may: (_a, p) => p !== null && mayBuyProduct(p),
  assert: (_a, p) => assertMayBuyProduct(p),
};
const HIDDEN = ['NOT_FOUND', 'That product was not found.'] as const;

it.each<[Person, Which, Verdict]>([
  ['member', 'an active tee', 'allow'],
  ['member', 'an active protein bar', 'allow'],
  ['member', 'an archived tee', 'deny'],
  ['member', 'a membership', 'deny'],
  ['member', 'a class pack', 'allow'],
  ['member', 'an archived class pack', 'deny'],
  ['admin', 'an archived class pack', 'allow'],
  ['member', 'an invoice', 'deny'],
  ['parent', 'an active tee', 'allow'],
  ['admin', 'an archived tee', 'allow'],
  ['admin', 'a membership', 'deny'],
  ['instructor', 'an archived tee', 'deny'],
])('%s sees %s in the catalogue → %j', (actor, which, expected) => {
  expect(judge(see, people[actor], products[which])).toEqual(expected);
});

it.each<[Person, Which, Verdict]>([
  ['member', 'an active tee', 'allow'],
  ['member', 'an active protein bar', 'allow'],
  ['member', 'an archived tee', HIDDEN],
  ['member', 'a membership', HIDDEN],
  ['member', 'a class pack', 'allow'],
  ['member', 'an archived class pack', HIDDEN],
  ['member', 'an invoice', HIDDEN],
  ['member', 'a missing product', HIDDEN],
  ['admin', 'an archived tee', HIDDEN],
  ['admin', 'an invoice', HIDDEN],
])('%s puts %s in the cart → %j', (actor, which, expected) => {
  expect(judge(buy, people[actor], products[which])).toEqual(expected);
});

it('the catalogue filter hides archived products from everyone but admins', () => {
  const shop = { $or: [{ category: { $in: ['merchandise', 'snacks'] } }, { category: 'membership', packClasses: { $ne: null } }] };
  expect(catalogueScope(people.member)).toEqual({ ...shop, active: true });
  expect(catalogueScope(people.admin)).toEqual(shop);
});

const manage: Rule<Actor, ShopProduct | null> = {
  may: (a, p) => p !== null && mayManageProduct(a, p),
  assert: (a, p) => assertMayManageProduct(a, p),
};

it.each<[Person, Which, Verdict]>([
  ['admin', 'an active tee', 'allow'],
  ['admin', 'an archived tee', 'allow'],
  ['admin', 'an active protein bar', 'allow'],
  ['admin', 'a membership', HIDDEN],
  ['admin', 'an invoice', HIDDEN],
  ['admin', 'a missing product', HIDDEN],
  ['instructor', 'an active tee', HIDDEN],
  ['teacher', 'an active tee', HIDDEN],
  ['parent', 'an active tee', HIDDEN],
  ['member', 'an archived tee', HIDDEN],
])('%s manages %s in /admin/merch → %j', (actor, which, expected) => {
  expect(judge(manage, people[actor], products[which])).toEqual(expected);
});

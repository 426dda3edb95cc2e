import { notFound } from '../../graphql/errors.js';
import { isAdmin, type Actor } from '../users/role.js';
import { ProductCategory, SHOP_CATEGORIES } from './product.entity.js';

/** A product as its rules need it. */
export interface ShopProduct {
  category: ProductCategory;
  active: boolean;
  /** Set on class packs: products of category membership sold in the shop. */
  packClasses?: number | null;
}

/** Sold in the shop: merchandise, snacks and class packs (other membership and invoice products belong to their flows). */
const inShop = (product: ShopProduct) =>
  (SHOP_CATEGORIES as readonly ProductCategory[]).includes(product.category) ||
  (product.category === ProductCategory.membership && product.packClasses != null);

/** Members see and buy active shop products; admins also see archived ones (to restore them), but buy like anyone. */
export function maySeeProduct(actor: Actor, product: ShopProduct): boolean {
  return inShop(product) && (product.active || isAdmin(actor));
}

/** Only active shop products go into a cart from the catalogue (memberships and invoices come through their own flows). */
export function mayBuyProduct(product: ShopProduct): boolean {
  return inShop(product) && product.active;
}

/** A product one may not buy answers like a missing one. */
export function assertMayBuyProduct<P extends ShopProduct>(product: P | null): asserts product is P {
  if (!product || !mayBuyProduct(product)) throw notFound('That product');
}

/** The catalogue's filter for this viewer (MikroORM where clause). */
export function catalogueScope(actor: Actor) {
  return {
    $or: [{ category: { $in: [...SHOP_CATEGORIES] } }, { category: ProductCategory.membership, packClasses: { $ne: null } }],
    ...(isAdmin(actor) ? {} : { active: true }),
  };
}

/** Admins manage the shop's products in /admin/merch; memberships and invoices belong to their own flows. */
export function mayManageProduct(actor: Actor, product: Pick<ShopProduct, 'category'>): boolean {
  return isAdmin(actor) && (SHOP_CATEGORIES as readonly ProductCategory[]).includes(product.category);
}

/** A product this admin may not manage answers like a missing one (a system product's id says nothing). */
export function assertMayManageProduct<P extends Pick<ShopProduct, 'category'>>(actor: Actor, product: P | null): asserts product is P {
  if (!product || !mayManageProduct(actor, product)) throw notFound('That product');
}

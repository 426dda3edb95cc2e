import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput } from '../../graphql/errors.js';
import type { ProductVariant } from '../products/product.entity.js';
import { stockRefusal, variantName, type ProductService } from '../products/product.service.js';
import type { User } from '../users/user.entity.js';
import { assertMayChangeCartItem, productCartOf } from './cart.policy.js';
import { ProductCartItem } from './product-cart-item.entity.js';

export const MAX_CART_QUANTITY = 99;

export interface AddToCart {
  productId: string;
  variantId?: string | null;
  quantity: number;
}

/**
 * The product cart, beside the class cart of held spots (bookings). Stock is checked when a line is added or raised
 * ("Only 2 left") and again at checkout, where it is reserved; the cart itself reserves nothing.
 */
export class CartService {
  constructor(private readonly products: ProductService) {}

  /** The member's product cart, oldest line first, with each line's product. */
  async productCart(em: EntityManager, actor: User): Promise<ProductCartItem[]> {
    return em.find(ProductCartItem, productCartOf(actor.id), { populate: ['variant.product'], orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** Adds a product (raising the quantity of a line already there); answers the whole product cart. */
  async add(em: EntityManager, actor: User, req: AddToCart): Promise<ProductCartItem[]> {
    await em.transactional(async (tx) => {
      await this.lockCart(tx, actor.id);
      const variant = await this.products.variantForSale(tx, req.productId, req.variantId);
      const line = await tx.findOne(ProductCartItem, { ...productCartOf(actor.id), variant: variant.id });
      const quantity = (line?.quantity ?? 0) + req.quantity;
      if (quantity > MAX_CART_QUANTITY)
        throw badInput(`At most ${MAX_CART_QUANTITY} of one item per order.`, { quantity: `Between 1 and ${MAX_CART_QUANTITY}.` });
      this.assertInStock(variant, quantity);
      if (line) line.quantity = quantity;
      else tx.create(ProductCartItem, { owner: actor, variant, quantity });
    });
    return this.productCart(em, actor);
  }

  /** Changes the quantity of one line; answers the whole product cart. */
  async setQuantity(em: EntityManager, actor: User, itemId: string, quantity: number): Promise<ProductCartItem[]> {
    await em.transactional(async (tx) => {
      const line = await tx.findOne(ProductCartItem, { id: itemId }, { populate: ['variant.product'] });
      assertMayChangeCartItem(actor, line);
      if (quantity > line.quantity) this.assertInStock(line.variant, quantity);
      line.quantity = quantity;
    });
    return this.productCart(em, actor);
  }

  /** Takes one line out; answers the whole product cart. */
  async remove(em: EntityManager, actor: User, itemId: string): Promise<ProductCartItem[]> {
    await em.transactional(async (tx) => {
      const line = await tx.findOne(ProductCartItem, { id: itemId });
      assertMayChangeCartItem(actor, line);
      tx.remove(line);
    });
    return this.productCart(em, actor);
  }

  /** Empties the product cart; answers how many lines went. */
  async clear(em: EntityManager, actor: User): Promise<number> {
    return em.nativeDelete(ProductCartItem, productCartOf(actor.id));
  }

  /** Removes what an order bought from its owner's cart (in the fulfilment's transaction). */
  async removeBought(tx: EntityManager, ownerId: string, bought: { variantId: string; quantity: number }[]): Promise<void> {
    const connection = tx.getConnection();
    for (const { variantId, quantity } of bought) {
      const args = [ownerId, variantId, quantity];
      await connection.execute(
        'delete from product_cart_item where owner_id = ? and variant_id = ? and quantity <= ?',
        args,
        'run',
        tx.getTransactionContext(),
      );
      await connection.execute(
        'update product_cart_item set quantity = quantity - ? where owner_id = ? and variant_id = ? and quantity > ?',
        [quantity, ...args],
        'run',
        tx.getTransactionContext(),
      );
    }
  }

  private assertInStock(variant: ProductVariant, quantity: number): void {
    if (variant.stock !== null && quantity > variant.stock) throw stockRefusal(variantName(variant.product, variant), variant.stock);
  }

  /** Serialises changes to one member's cart (two tabs adding the same item at once make one line). */
  private async lockCart(tx: EntityManager, ownerId: string): Promise<void> {
    await tx.getConnection().execute(`select pg_advisory_xact_lock(hashtext('cart:' || ?))`, [ownerId], 'get', tx.getTransactionContext());
  }
}

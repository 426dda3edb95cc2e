import { Args, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Arg } from 'type-graphql';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Parent } from '../../graphql/parent.js';
import { Product, ProductVariant } from '../products/product.entity.js';
import { ProductCartItem } from './product-cart-item.entity.js';
import { AddProductToCartArgs, SetCartItemQuantityArgs } from './cart.types.js';
import { Scope } from '../../graphql/access.js';

@Resolver(() => ProductCartItem)
export class CartResolver {
  @Authorized()
  @Scope('commerce:read')
  @Query(() => [ProductCartItem], { description: 'Products in the signed-in member’s cart' })
  productCart(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<ProductCartItem[]> {
    return ctx.services.cart.productCart(ctx.em, user);
  }

  @Authorized()
  @Scope('commerce:write')
  @Mutation(() => [ProductCartItem], { description: 'Puts a product in the cart (stock is checked); answers the product cart' })
  addProductToCart(@Args() args: AddProductToCartArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<ProductCartItem[]> {
    return ctx.services.cart.add(ctx.em, user, args);
  }

  @Authorized()
  @Scope('commerce:write')
  @Mutation(() => [ProductCartItem], { description: 'Changes how many of a product the cart holds; answers the product cart' })
  setCartItemQuantity(
    @Args() { itemId, quantity }: SetCartItemQuantityArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<ProductCartItem[]> {
    return ctx.services.cart.setQuantity(ctx.em, user, itemId, quantity);
  }

  @Authorized()
  @Scope('commerce:write')
  @Mutation(() => [ProductCartItem], { description: 'Takes a product out of the cart; answers the product cart' })
  removeCartItem(@Arg('itemId', () => ID) itemId: string, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<ProductCartItem[]> {
    return ctx.services.cart.remove(ctx.em, user, itemId);
  }

  @Authorized()
  @Scope('commerce:write')
  @Mutation(() => Int, { description: 'Empties the product cart; answers how many lines went' })
  clearProductCart(@CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<number> {
    return ctx.services.cart.clear(ctx.em, user);
  }

  @FieldResolver(() => Product)
  async product(@Parent() item: ProductCartItem, @Ctx() ctx: Context): Promise<Product> {
    const variant = await ctx.loaders.load(ProductVariant, item.variant);
    return ctx.loaders.load(Product, variant.product);
  }

  @FieldResolver(() => Int, { description: 'Price times quantity, in cents' })
  async lineTotalCents(@Parent() item: ProductCartItem, @Ctx() ctx: Context): Promise<number> {
    return (await this.product(item, ctx)).priceCents * item.quantity;
  }
}

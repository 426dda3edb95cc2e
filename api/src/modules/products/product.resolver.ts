import { Args, Authorized, Ctx, FieldResolver, Int, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Parent } from '../../graphql/parent.js';
import { Product, ProductVariant } from './product.entity.js';
import { CatalogueArgs } from './product.types.js';

@Resolver(() => Product)
export class ProductResolver {
  @Authorized()
  @Query(() => [Product], { description: 'The shop: merchandise and snacks, by category and search text' })
  products(@Args() args: CatalogueArgs, @Ctx() ctx: Context): Promise<Product[]> {
    return ctx.services.products.catalogue(ctx.em, ctx.user!, args);
  }

  @FieldResolver(() => [ProductVariant], { description: 'At least one; a product without sizes or colours has a single unnamed variant' })
  variants(@Parent() product: Product): Promise<ProductVariant[]> | ProductVariant[] {
    return product.variants.isInitialized() ? product.variants.getItems() : product.variants.loadItems();
  }

  @FieldResolver(() => Int, { nullable: true, description: 'Items left over all variants; null means unlimited' })
  async stockLeft(@Parent() product: Product): Promise<number | null> {
    const variants = product.variants.isInitialized() ? product.variants.getItems() : await product.variants.loadItems();
    if (variants.some((v) => v.stock === null)) return null;
    return variants.reduce((sum, v) => sum + (v.stock ?? 0), 0);
  }
}

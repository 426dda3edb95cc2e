import { GraphQLByte } from 'graphql-scalars';
import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { PageArgs } from '../../common/paging.js';
import type { Context, Viewer } from '../../graphql/context.js';
import { CurrentUser } from '../../graphql/current-user.js';
import { Parent } from '../../graphql/parent.js';
import { PersonSummary, summarize } from '../users/person-summary.js';
import { Role } from '../users/role.js';
import { User } from '../users/user.entity.js';
import { Product, ProductImage, ProductVariant, StockAdjustment } from './product.entity.js';
import { isLow } from './product.service.js';
import {
  AdjustStockArgs,
  AdminProductArgs,
  CatalogueArgs,
  ProductInput,
  ProductPage,
  StockAdjustmentPage,
  StockAdjustmentResult,
} from './product.types.js';
import { Scope } from '../../graphql/access.js';

const variantsOf = (product: Product): Promise<ProductVariant[]> | ProductVariant[] =>
  product.variants.isInitialized() ? product.variants.getItems() : product.variants.loadItems();

@Resolver(() => Product)
export class ProductResolver {
  @Authorized()
  @Scope('commerce:read')
  @Query(() => [Product], { description: 'The shop: merchandise and snacks, by category and search text' })
  products(@Args() args: CatalogueArgs, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Product[]> {
    return ctx.services.products.catalogue(ctx.em, user, args);
  }

  @FieldResolver(() => [ProductVariant], { description: 'At least one; a product without sizes or colours has a single unnamed variant' })
  variants(@Parent() product: Product): Promise<ProductVariant[]> | ProductVariant[] {
    return variantsOf(product);
  }

  @FieldResolver(() => Int, { nullable: true, description: 'Items left over all variants; null means unlimited' })
  async stockLeft(@Parent() product: Product): Promise<number | null> {
    const variants = await variantsOf(product);
    if (variants.some((v) => v.stock === null)) return null;
    return variants.reduce((sum, v) => sum + (v.stock ?? 0), 0);
  }

  @FieldResolver(() => Boolean, { description: 'An option is at or below its low-stock level' })
  async lowStock(@Parent() product: Product): Promise<boolean> {
    return (await variantsOf(product)).some((v) => isLow(product, v));
  }

  @FieldResolver(() => [ProductImage], { description: 'Pictures, the cover first' })
  images(@Parent() product: Product, @Ctx() ctx: Context): Promise<ProductImage[]> | ProductImage[] {
    return product.images.isInitialized() ? product.images.getItems() : ctx.loaders.productImages.load(product.id);
  }

  @FieldResolver(() => ProductImage, { nullable: true, description: 'The first picture; null when there is none' })
  async coverImage(@Parent() product: Product, @Ctx() ctx: Context): Promise<ProductImage | null> {
    return (await this.images(product, ctx))[0] ?? null;
  }

  // ── /admin/merch ────────────────────────────────────────────────────────────────────────────────────────

  @Authorized(Role.admin)
  @Scope('commerce:read')
  @Query(() => ProductPage, { description: 'Shop products, archived too, paged, sorted and filtered (/admin/merch)' })
  async adminProducts(@Args() args: AdminProductArgs, @Ctx() ctx: Context): Promise<ProductPage> {
    const { items, total } = await ctx.services.products.adminList(ctx.em, args);
    return { items, total, page: args.page, pageSize: args.pageSize };
  }

  @Authorized(Role.admin)
  @Scope('commerce:read')
  @Query(() => Product, { description: 'One shop product, archived or not (/admin/merch)' })
  adminProduct(@Arg('id', () => ID) id: string, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Product> {
    return ctx.services.products.adminProduct(ctx.em, user, id);
  }

  @Authorized(Role.admin)
  @Scope('commerce:read')
  @Query(() => StockAdjustmentPage, { description: "A product's stock adjustments, newest first" })
  async stockAdjustments(
    @Arg('productId', () => ID) productId: string,
    @Args() page: PageArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<StockAdjustmentPage> {
    const { items, total } = await ctx.services.products.stockHistory(ctx.em, user, productId, page);
    return { items, total, page: page.page, pageSize: page.pageSize };
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Product, { description: 'Adds a product to the shop with its options and their stock' })
  createProduct(@Arg('input', () => ProductInput) input: ProductInput, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Product> {
    return ctx.services.products.createProduct(ctx.em, user, input);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Product, { description: 'Changes a product and its options (stock changes through adjustStock)' })
  updateProduct(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => ProductInput) input: ProductInput,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ) {
    return ctx.services.products.updateProduct(ctx.em, user, id, input);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Product, { description: 'Takes a product out of the shop (kept, with its history; restoreProduct puts it back)' })
  archiveProduct(@Arg('id', () => ID) id: string, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Product> {
    return ctx.services.products.setActive(ctx.em, user, id, false);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Product, { description: 'Puts an archived product back in the shop' })
  restoreProduct(@Arg('id', () => ID) id: string, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Product> {
    return ctx.services.products.setActive(ctx.em, user, id, true);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => StockAdjustmentResult, { description: 'Adds or takes away stock of one option, with the reason (kept as history)' })
  adjustStock(
    @Args() { variantId, delta, reason }: AdjustStockArgs,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<StockAdjustmentResult> {
    return ctx.services.products.adjustStock(ctx.em, user, variantId, delta, reason);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Product, {
    description:
      'Adds a picture: a JPEG, PNG or WebP image of at most 5 MB (base64), stored scaled down with a thumbnail. ' +
      'Browsers upload the file itself with POST /api/products/{id}/images.',
  })
  addProductImage(
    @Arg('productId', () => ID) productId: string,
    @Arg('image', () => GraphQLByte) image: Buffer,
    @CurrentUser() user: Viewer,
    @Ctx() ctx: Context,
  ): Promise<Product> {
    return ctx.services.products.addImage(ctx.em, user, productId, image);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Product, { description: 'Removes a picture; answers its product' })
  removeProductImage(@Arg('imageId', () => ID) imageId: string, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Product> {
    return ctx.services.products.removeImage(ctx.em, user, imageId);
  }

  @Authorized(Role.admin)
  @Scope('commerce:write')
  @Mutation(() => Product, { description: "Makes a picture its product's cover (the first); answers its product" })
  makeProductImageCover(@Arg('imageId', () => ID) imageId: string, @CurrentUser() user: Viewer, @Ctx() ctx: Context): Promise<Product> {
    return ctx.services.products.makeCover(ctx.em, user, imageId);
  }
}

@Resolver(() => ProductImage)
export class ProductImageResolver {
  @FieldResolver(() => String, { description: 'The picture scaled to fit 1200 px (GET, no sign-in, cached for good)' })
  url(@Parent() image: ProductImage): string {
    return `/api/product-images/${image.id}/full.webp`;
  }

  @FieldResolver(() => String, { description: 'A 320 px square thumbnail (GET, no sign-in, cached for good)' })
  thumbnailUrl(@Parent() image: ProductImage): string {
    return `/api/product-images/${image.id}/thumb.webp`;
  }
}

@Resolver(() => StockAdjustment)
export class StockAdjustmentResolver {
  @FieldResolver(() => PersonSummary, { nullable: true, description: 'The admin who made it; null once their account is gone' })
  async actor(@Parent() adjustment: StockAdjustment, @Ctx() ctx: Context): Promise<PersonSummary | null> {
    return adjustment.actor ? summarize(await ctx.loaders.load(User, adjustment.actor)) : null;
  }
}

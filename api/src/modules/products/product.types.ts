import {
  initialStock,
  lowStockThreshold,
  MAX_PRODUCT_VARIANTS,
  productDescription,
  productName,
  productPriceCents,
  stockDelta,
  stockReason,
  variantLabel,
} from '@studio/rules';
import { ArrayMaxSize, ArrayMinSize, IsOptional, MaxLength, ValidateNested } from 'class-validator';
import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageArgs, Paginated, SortDirection } from '../../common/paging.js';
import { Rule } from '../../common/validators.js';
import { Product, ProductCategory, ProductVariant, StockAdjustment } from './product.entity.js';

@ArgsType()
export class CatalogueArgs {
  @Field(() => ProductCategory, { nullable: true, description: 'Only this category (merchandise, snacks, or membership for class packs)' })
  @IsOptional()
  category?: ProductCategory;
  @Field({ nullable: true, description: 'Words in the name or description' })
  @IsOptional()
  @MaxLength(100, { message: 'Search for at most 100 characters.' })
  search?: string;
}

export enum ProductSortField {
  name = 'name',
  category = 'category',
  priceCents = 'priceCents',
  stockLeft = 'stockLeft',
  createdAt = 'createdAt',
}
registerEnumType(ProductSortField, { name: 'ProductSortField' });

/** /admin/merch: shop products (archived too), paged, sorted and filtered on the server. */
@ArgsType()
export class AdminProductArgs extends PageArgs {
  @Field({ nullable: true, description: 'Words in the name or description' })
  @IsOptional()
  @MaxLength(100, { message: 'Search for at most 100 characters.' })
  search?: string;
  @Field(() => ProductCategory, { nullable: true, description: 'Only this category (merchandise or snacks)' })
  @IsOptional()
  category?: ProductCategory;
  @Field({ nullable: true, description: 'true: on sale only; false: archived only' }) @IsOptional() active?: boolean;
  @Field({ nullable: true, description: 'true: only products with an option at or below its low-stock level' })
  @IsOptional()
  lowStock?: boolean;
  @Field(() => ProductSortField, { defaultValue: ProductSortField.name }) sortField: ProductSortField = ProductSortField.name;
  @Field(() => SortDirection, { defaultValue: SortDirection.ASC }) sortDirection: SortDirection = SortDirection.ASC;
}

@InputType({ description: 'A size or colour of a product. With an id it changes that option; without, it adds one.' })
export class ProductVariantInput {
  @Field(() => ID, { nullable: true, description: 'An option of this product to keep; leave out for a new one' })
  @IsOptional()
  id?: string;
  @Field(() => String, { nullable: true, description: 'e.g. "M" or "Black"; empty for a product without options' })
  @IsOptional()
  @Rule(variantLabel)
  label?: string | null;
  @Field(() => Int, {
    nullable: true,
    description: 'New options only: items on hand (null: unlimited). Stock of existing options changes through adjustStock.',
  })
  @IsOptional()
  @Rule(initialStock)
  stock?: number | null;
  @Field(() => Int, { nullable: true, description: "This option's own low-stock level; null: the product's" })
  @IsOptional()
  @Rule(lowStockThreshold)
  lowStockThreshold?: number | null;
}

@InputType({ description: 'A shop product as /admin/merch edits it' })
export class ProductInput {
  @Field(() => ProductCategory, { description: 'merchandise or snacks' }) category: ProductCategory;
  @Field() @Rule(productName) name: string;
  @Field({ defaultValue: '' }) @Rule(productDescription) description: string;
  @Field(() => Int, { description: 'Price in cents' }) @Rule(productPriceCents) priceCents: number;
  @Field(() => Int, { nullable: true, description: 'Admins are told once when an option falls to this or below; null: never' })
  @IsOptional()
  @Rule(lowStockThreshold)
  lowStockThreshold?: number | null;
  @Field(() => [ProductVariantInput], {
    description: 'At least one. On update, options left out are removed (their stock history stays with the product).',
  })
  @ArrayMinSize(1, { message: 'A product needs at least one option.' })
  @ArrayMaxSize(MAX_PRODUCT_VARIANTS, { message: `At most ${MAX_PRODUCT_VARIANTS} options.` })
  @ValidateNested({ each: true })
  variants: ProductVariantInput[];
}

@ArgsType()
export class AdjustStockArgs {
  @Field(() => ID) variantId: string;
  @Field(() => Int, { description: 'Items added (positive) or taken away (negative)' }) @Rule(stockDelta) delta: number;
  @Field({ description: 'Why: a delivery, a count, damage' }) @Rule(stockReason) reason: string;
}

@ObjectType()
export class ProductPage extends Paginated(Product) {}

@ObjectType()
export class StockAdjustmentPage extends Paginated(StockAdjustment) {}

@ObjectType({ description: 'What adjustStock changed: the adjustment as recorded and the option with its new stock' })
export class StockAdjustmentResult {
  @Field(() => StockAdjustment) adjustment: StockAdjustment;
  @Field(() => ProductVariant) variant: ProductVariant;
  @Field(() => Product) product: Product;
}

import { Check, Collection, Entity, Enum, Index, ManyToOne, OneToMany, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Relation } from '../../graphql/relation.js';

/** Spec §3: merchandise and snacks are sold in the shop; `membership` and `invoice` are put in the cart by other flows. */
export enum ProductCategory {
  merchandise = 'merchandise',
  snacks = 'snacks',
  membership = 'membership',
  invoice = 'invoice',
}
registerEnumType(ProductCategory, { name: 'ProductCategory' });

/** The categories the catalogue (/merch) and the admin's product table deal in; the others belong to their flows. */
export const SHOP_CATEGORIES = [ProductCategory.merchandise, ProductCategory.snacks] as const;

/** Something the studio sells: a tee, a protein bar. Stock is kept per variant (a product without sizes has one). */
@ObjectType({ description: 'Something the studio sells (merchandise, snacks, and the system categories membership and invoice)' })
@Entity()
@Index({ properties: ['category', 'active'] })
@Check({ name: 'product_price_nonnegative', expression: 'price_cents >= 0' })
@Check({ name: 'product_low_stock_threshold_nonnegative', expression: 'low_stock_threshold is null or low_stock_threshold >= 0' })
export class Product {
  [OptionalProps]?: 'active' | 'createdAt' | 'description' | 'lowStockThreshold';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field(() => ProductCategory) @Enum({ items: () => ProductCategory }) category: ProductCategory;
  @Field() @Property({ length: 120 }) name: string;
  @Field() @Property({ type: types.text, default: '' }) description: string = '';
  @Field(() => Int, { description: 'Price in cents' }) @Property() priceCents: number;
  @Field({ description: 'Shown in the shop; archived products are not' }) @Property({ default: true }) active: boolean = true;
  @Field(() => Int, { nullable: true, description: 'Admins are told once when stock falls to this or below' })
  @Property({ type: types.integer, nullable: true })
  lowStockThreshold: number | null = null;
  /** Exposed by a field resolver (product.resolver.ts). */
  @OneToMany(() => ProductVariant, (v) => v.product, { orderBy: { sortOrder: 'asc', id: 'asc' } })
  variants = new Collection<ProductVariant>(this);
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}

/**
 * A size or colour of a product, with its own stock. `stock` null means unlimited. Stock is changed only by
 * conditional UPDATEs (products.service), and the check constraint makes a count below zero impossible.
 */
@ObjectType({ description: 'A size or colour of a product, with its own stock' })
@Entity()
@Check({ name: 'product_variant_stock_nonnegative', expression: 'stock is null or stock >= 0' })
@Index({
  name: 'product_variant_label_unique',
  expression: `create unique index "product_variant_label_unique" on "product_variant" ("product_id", coalesce("label", ''))`,
})
export class ProductVariant {
  [OptionalProps]?: 'sortOrder' | 'label' | 'stock';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field(() => Product) @Relation() @ManyToOne(() => Product, { deleteRule: 'cascade', index: true }) product: Product;
  @Field(() => String, { nullable: true, description: 'Size or colour, e.g. "M"; null for a product without variants' })
  @Property({ length: 60, nullable: true })
  label: string | null = null;
  @Field(() => Int, { nullable: true, description: 'Items left; null means unlimited' })
  @Property({ type: types.integer, nullable: true })
  stock: number | null = null;
  @Property({ default: 0 }) sortOrder: number = 0;
}

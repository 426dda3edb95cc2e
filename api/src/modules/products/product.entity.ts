import { Check, Collection, Entity, Enum, Index, ManyToOne, OneToMany, OptionalProps, PrimaryKey, Property, types } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Relation } from '../../graphql/relation.js';
import { User } from '../users/user.entity.js';

/** Merchandise and snacks are sold in the shop; `membership` and `invoice` are put in the cart by other flows. */
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
@Check({
  name: 'product_class_pack_terms',
  expression: `(pack_classes is null) = (pack_valid_days is null) and (pack_classes is null or (category = 'membership' and pack_classes > 0 and pack_valid_days > 0))`,
})
@Check({ name: 'product_low_stock_threshold_nonnegative', expression: 'low_stock_threshold is null or low_stock_threshold >= 0' })
export class Product {
  [OptionalProps]?: 'active' | 'createdAt' | 'description' | 'lowStockThreshold' | 'packClasses' | 'packValidDays';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field(() => ProductCategory) @Enum({ items: () => ProductCategory }) category: ProductCategory;
  @Field() @Property({ length: 120 }) name: string;
  @Field() @Property({ type: types.text, default: '' }) description: string = '';
  @Field(() => Int, { description: 'Price in cents' }) @Property() priceCents: number;
  @Field({ description: 'Shown in the shop; archived products are not' }) @Property({ default: true }) active: boolean = true;
  @Field(() => Int, { nullable: true, description: 'Admins are told once when stock falls to this or below' })
  @Property({ type: types.integer, nullable: true })
  lowStockThreshold: number | null = null;
  @Field(() => Int, { nullable: true, description: 'A class pack (category membership): the classes it holds' })
  @Property({ type: types.integer, nullable: true })
  packClasses: number | null = null;
  @Field(() => Int, { nullable: true, description: 'A class pack: days it is valid from purchase' })
  @Property({ type: types.integer, nullable: true })
  packValidDays: number | null = null;
  /** Exposed by a field resolver (product.resolver.ts). */
  @OneToMany(() => ProductVariant, (v) => v.product, { orderBy: { sortOrder: 'asc', id: 'asc' } })
  variants = new Collection<ProductVariant>(this);
  /** Exposed by a field resolver (product.resolver.ts); the first is the cover. */
  @OneToMany(() => ProductImage, (i) => i.product, { orderBy: { sortOrder: 'asc', id: 'asc' } })
  images = new Collection<ProductImage>(this);
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}

/**
 * A size or colour of a product, with its own stock. `stock` null means unlimited. Stock is changed only by
 * conditional UPDATEs (products.service), and the check constraint makes a count below zero impossible.
 */
@ObjectType({ description: 'A size or colour of a product, with its own stock' })
@Entity()
@Check({ name: 'product_variant_stock_nonnegative', expression: 'stock is null or stock >= 0' })
@Check({ name: 'product_variant_low_stock_threshold_nonnegative', expression: 'low_stock_threshold is null or low_stock_threshold >= 0' })
@Index({
  name: 'product_variant_label_unique',
  expression: `create unique index "product_variant_label_unique" on "product_variant" ("product_id", coalesce("label", ''))`,
})
export class ProductVariant {
  [OptionalProps]?: 'sortOrder' | 'label' | 'stock' | 'lowStockThreshold' | 'lowStockAlerted';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @Field(() => Product) @Relation() @ManyToOne(() => Product, { deleteRule: 'cascade', index: true }) product: Product;
  @Field(() => String, { nullable: true, description: 'Size or colour, e.g. "M"; null for a product without variants' })
  @Property({ length: 60, nullable: true })
  label: string | null = null;
  @Field(() => Int, { nullable: true, description: 'Items left; null means unlimited' })
  @Property({ type: types.integer, nullable: true })
  stock: number | null = null;
  @Property({ default: 0 }) sortOrder: number = 0;
  @Field(() => Int, { nullable: true, description: "This option's own low-stock level; null: the product's" })
  @Property({ type: types.integer, nullable: true })
  lowStockThreshold: number | null = null;
  /**
   * Admins were told this option is low. Set when a sale or a removal takes stock to the threshold or below (in the
   * same statement's transaction, so one of many concurrent sales sets it); cleared only when an admin's stock
   * adjustment or a threshold change puts stock above the threshold again.
   */
  @Property({ default: false }) lowStockAlerted: boolean = false;
}

/** A product's picture, stored (with its thumbnail) in the file storage under keys made from its id. */
@ObjectType({ description: 'A picture of a product; the first is its cover' })
@Entity()
export class ProductImage {
  [OptionalProps]?: 'createdAt' | 'sortOrder';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => Product, { deleteRule: 'cascade', index: true }) product: Product;
  @Property({ default: 0 }) sortOrder: number = 0;
  @Field(() => Int, { description: 'Width of the full-size image in pixels' }) @Property() width: number;
  @Field(() => Int, { description: 'Height of the full-size image in pixels' }) @Property() height: number;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}

/** Why stock changed by hand: a delivery, a count, damage. Kept as history per product; sales are orders, not here. */
@ObjectType({ description: 'A stock change made by an admin, with its reason' })
@Entity()
@Index({ properties: ['product', 'createdAt'] })
export class StockAdjustment {
  [OptionalProps]?: 'createdAt';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => Product, { deleteRule: 'cascade' }) product: Product;
  /** Null once the option was removed; its label is kept below. */
  @ManyToOne(() => ProductVariant, { nullable: true, deleteRule: 'set null' }) variant: ProductVariant | null;
  @Field(() => String, { nullable: true, description: 'The option it was for, e.g. "M"; null for a product without options' })
  @Property({ length: 60, nullable: true })
  variantLabel: string | null;
  /** Who made it; exposed by a field resolver as their name. Null once that account is gone. */
  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' }) actor: User | null;
  @Field(() => Int, { description: 'Items added (positive) or taken away (negative)' }) @Property() delta: number;
  @Field(() => Int, { description: 'Stock of the option right after the change' }) @Property() stockAfter: number;
  @Field() @Property({ length: 200 }) reason: string;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}

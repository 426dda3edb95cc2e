import { Check, Entity, ManyToOne, OptionalProps, PrimaryKey, Property, types, Unique } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Relation } from '../../graphql/relation.js';
import { ProductVariant } from '../products/product.entity.js';
import { User } from '../users/user.entity.js';

/** A product in a member's cart. One line per variant; adding more raises its quantity. */
@ObjectType({ description: 'A product in the cart, with its quantity' })
@Entity()
@Unique({ properties: ['owner', 'variant'] })
@Check({ name: 'product_cart_item_quantity_range', expression: 'quantity >= 1 and quantity <= 99' })
export class ProductCartItem {
  [OptionalProps]?: 'createdAt';

  @Field(() => ID) @PrimaryKey({ type: 'uuid' }) id: string = randomUUID();
  @ManyToOne(() => User, { deleteRule: 'cascade', index: true }) owner: User;
  @Field(() => ProductVariant) @Relation() @ManyToOne(() => ProductVariant, { deleteRule: 'cascade' }) variant: ProductVariant;
  @Field(() => Int) @Property() quantity: number;
  @Field() @Property({ type: types.datetime, defaultRaw: 'now()' }) createdAt: Date = new Date();
}

import { cartQuantity } from '@studio/rules';
import { IsOptional, IsUUID } from 'class-validator';
import { ArgsType, Field, ID, Int } from 'type-graphql';
import { Rule } from '../../common/validators.js';

@ArgsType()
export class AddProductToCartArgs {
  @Field(() => ID) @IsUUID('all', { message: 'Unknown product.' }) productId: string;
  @Field(() => ID, { nullable: true, description: 'The size or colour; may be left out when the product has only one' })
  @IsOptional()
  @IsUUID('all', { message: 'Choose one of the listed options.' })
  variantId?: string;
  @Field(() => Int, { defaultValue: 1 }) @Rule(cartQuantity) quantity: number = 1;
}

@ArgsType()
export class SetCartItemQuantityArgs {
  @Field(() => ID) @IsUUID('all', { message: 'Unknown cart item.' }) itemId: string;
  @Field(() => Int) @Rule(cartQuantity) quantity: number;
}

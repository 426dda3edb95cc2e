import { IsOptional, MaxLength } from 'class-validator';
import { ArgsType, Field } from 'type-graphql';
import { ProductCategory } from './product.entity.js';

@ArgsType()
export class CatalogueArgs {
  @Field(() => ProductCategory, { nullable: true, description: 'Only this category (merchandise or snacks)' })
  @IsOptional()
  category?: ProductCategory;
  @Field({ nullable: true, description: 'Words in the name or description' })
  @IsOptional()
  @MaxLength(100, { message: 'Search for at most 100 characters.' })
  search?: string;
}

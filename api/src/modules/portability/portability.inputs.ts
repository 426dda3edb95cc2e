import { Field, InputType, Int } from 'type-graphql';
import { ImportField } from './portability.types.js';

@InputType()
export class ImportColumnInput {
  @Field(() => ImportField) field: ImportField;
  @Field(() => Int, { description: 'The column’s position in the file (0 is the first)' }) column: number;
}

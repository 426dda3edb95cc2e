import { Field, ObjectType } from 'type-graphql';

@ObjectType({ description: 'A table an admin can download whole, as CSV or JSON (GET /api/export/<name>.csv|json)' })
export class ExportTable {
  @Field({ description: 'The file name: /api/export/<name>.csv or .json' }) name: string;
  @Field() title: string;
  @Field() description: string;
  @Field(() => [String], { description: 'The columns, in order' }) columns: string[];
  @Field({ description: 'Part of a member’s own download (/api/export/my-data.json)' }) personal: boolean;
}

import { Max, Min } from 'class-validator';
import { ArgsType, ClassType, Field, Int, ObjectType, registerEnumType } from 'type-graphql';

export const MAX_PAGE_SIZE = 100;

export enum SortDirection {
  ASC = 'ASC',
  DESC = 'DESC',
}
registerEnumType(SortDirection, { name: 'SortDirection' });

/** Bounded offset paging for admin tables: page numbers start at 1, at most 100 rows a page. */
@ArgsType()
export class PageArgs {
  @Field(() => Int, { defaultValue: 1 })
  @Min(1, { message: 'Page numbers start at 1.' })
  page: number = 1;

  @Field(() => Int, { defaultValue: 25 })
  @Min(1, { message: 'Page size must be at least 1.' })
  @Max(MAX_PAGE_SIZE, { message: `Page size can be at most ${MAX_PAGE_SIZE}.` })
  pageSize: number = 25;
}

export function offsetOf(args: PageArgs): number {
  return (args.page - 1) * args.pageSize;
}

/** A page of rows plus the total count, for server-side paged tables. */
export function Paginated<T extends object>(itemType: ClassType<T>) {
  @ObjectType()
  abstract class PageClass {
    @Field(() => [itemType]) items: T[];
    @Field(() => Int) total: number;
    @Field(() => Int) page: number;
    @Field(() => Int) pageSize: number;
  }
  return PageClass;
}

/** Escapes LIKE wildcards in user-typed search text. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

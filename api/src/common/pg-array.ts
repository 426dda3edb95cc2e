/**
 * Values as one PostgreSQL array literal, for a parameter cast to an array (`= any(?::uuid[])`, `?::text[]`): the
 * driver would spread a JS array into a list of values. Each element is quoted, so a comma, brace, quote or
 * backslash in a value stays inside it.
 */
export function pgArray(values: readonly string[]): string {
  return `{${values.map((value) => `"${value.replace(/[\\"]/g, '\\$&')}"`).join(',')}}`;
}

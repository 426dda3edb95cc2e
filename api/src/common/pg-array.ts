/**
 * A PostgreSQL array literal (`{"a","b"}`) for a `?::text[]` or `?::uuid[]` parameter: the driver expands a JS array
 * into a list of parameters, so arrays go as one literal. Every element is quoted, so commas, quotes, braces and
 * backslashes in values stay values.
 */
export function pgArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

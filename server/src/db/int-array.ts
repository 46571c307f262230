import { type SQL, sql } from 'drizzle-orm';

/**
 * PostgreSQL's text form of an int[] (`{1,2,3}`): one parameter however many ids, so a statement
 * keeps one text (and one plan) whatever the length, and the same value on both engines whatever
 * their array serializers.
 */
export function intArrayLiteral(ids: readonly number[]): string {
  return `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
}

/** `$n::int[]` with the ids as one value, for `column = ANY(...)`. */
export function intArray(ids: readonly number[]): SQL {
  return sql`${intArrayLiteral(ids)}::int[]`;
}

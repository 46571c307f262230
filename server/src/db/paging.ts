import { sql } from 'drizzle-orm';

export type PageRequest = { limit: number; offset: number };
export type Page<T> = { count: number; rows: T[] };

/**
 * The number of rows the filtered query has, computed by the same query as its page (a window
 * over the filtered set, evaluated before LIMIT): page and total in one round trip.
 */
export const totalRows = sql<number>`count(*) over ()`.mapWith(Number);

type PagedQuery<T> = { limit(n: number): { offset(n: number): PromiseLike<T[]> } };

/** Part of a prepared page query's shape: whether it has an OFFSET (see offsetOf). */
export type PagedShape = { pastFirstPage: boolean };

/**
 * The OFFSET of a prepared page query: a placeholder past the first page, none on it (Drizzle writes
 * no OFFSET for 0). PostgreSQL plans a statement whose OFFSET is a parameter anew on every run (its
 * generic plan looks costlier than a custom one), ~7 ms for the patient list; the first page, the
 * one asked most, keeps its plan.
 */
export function offsetOf(shape: PagedShape) {
  return shape.pastFirstPage ? sql.placeholder('offset') : 0;
}

/** A page query run by its limit and offset (a prepared query's values), as findPage calls it. */
export function pagedBy<T>(run: (page: PageRequest, shape: PagedShape) => Promise<T[]>): PagedQuery<T> {
  return {
    limit: (limit) => ({ offset: (offset) => run({ limit, offset }, { pastFirstPage: offset > 0 }) }),
  };
}

/**
 * One page of a list query and its total, for every list route. `build` returns the ordered
 * query (a fresh builder each call). By default its selection carries `totalRows`; a list whose
 * total is expensive (the admin's 100k users) passes its own `count` instead, which runs only
 * when the page itself cannot tell the total.
 */
export async function findPage<T extends Record<string, unknown>>(
  build: () => PagedQuery<T>,
  page: PageRequest,
  options: { count?: () => Promise<number> } = {},
): Promise<Page<Omit<T, 'totalRows'>>> {
  const rows = await build().limit(page.limit).offset(page.offset);
  let count: number;
  if (options.count) {
    // A short page that is not past the end already tells the total.
    const isLastPage = rows.length < page.limit && (rows.length > 0 || page.offset === 0);
    count = isLastPage ? page.offset + rows.length : await options.count();
  } else if (rows.length > 0) {
    count = Number(rows[0].totalRows);
  } else if (page.offset === 0) {
    count = 0;
  } else {
    // Past the end: the total still comes from the same query.
    const [first] = await build().limit(1).offset(0);
    count = first ? Number(first.totalRows) : 0;
  }
  return { count, rows: rows.map(({ totalRows: _total, ...row }) => row as Omit<T, 'totalRows'>) };
}

import { sql } from 'drizzle-orm';

export type PageRequest = { limit: number; offset: number };
export type Page<T> = { count: number; rows: T[] };

/**
 * The number of rows the filtered query has, computed by the same query as its page (a window
 * over the filtered set, evaluated before LIMIT): page and total in one round trip.
 */
export const totalRows = sql<number>`count(*) over ()`.mapWith(Number);

type PagedQuery<T> = { limit(n: number): { offset(n: number): PromiseLike<T[]> } };

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

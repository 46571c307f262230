import { z } from 'zod';
import { zUrlInteger } from './url-integers.ts';

/** DRF-style paging: limit/offset in, {count, results} out. */
export const ZPageQuery = z.object({
  limit: zUrlInteger(1, 500).default(20),
  offset: zUrlInteger(0, 10_000_000).default(0),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

export function zPage<T extends z.ZodType>(item: T) {
  return z.object({ count: z.number().int(), results: z.array(item) });
}

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

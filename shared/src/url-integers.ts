import { z } from 'zod';

/**
 * Whole numbers written in a URL: path ids and query-string integers. Only plain decimal digits
 * pass; `z.coerce.number()` would also take `0x10`, `1e3`, ` 12` or an empty string, so one id
 * had several spellings and bad ones reached SQL.
 */
export const URL_INTEGER_MESSAGE = 'Must be a whole number written in digits';

/** The largest PostgreSQL `integer` (our serial ids): a larger id can match nothing. */
export const MAX_ID = 2_147_483_647;

export function zUrlInteger(min: number, max: number) {
  return z
    .string()
    .regex(/^[0-9]+$/, URL_INTEGER_MESSAGE)
    .transform(Number)
    .pipe(z.number().int().min(min, `Must be ${min} or more`).max(max, `Must be ${max} or less`));
}

/** A row id in a path or a query string. */
export const zUrlId = () => zUrlInteger(1, MAX_ID);

/** A row id typed in a URL (a route's `:id`), or null when it is not one. */
export function parseUrlId(value: string | undefined): number | null {
  const parsed = zUrlId().safeParse(value ?? '');
  return parsed.success ? parsed.data : null;
}

import type { Column, SQL } from 'drizzle-orm';

/** The value a selected column or SQL expression yields, for row types written by hand. */
export type ColumnValue<C> =
  C extends SQL<infer T>
    ? T
    : C extends Column
      ? C['_']['notNull'] extends true
        ? C['_']['data']
        : C['_']['data'] | null
      : never;

/** The row a selection of columns yields, for row types written by hand. */
export type RowOf<T> = { [K in keyof T]: ColumnValue<T[K]> };

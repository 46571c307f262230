import type { Placeholder } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

type Prepared<R> = { execute(values?: Record<string, unknown>): Promise<R> };

/** Shapes one prepared query keeps per database; past it, the least recently used one goes. */
const MAX_SHAPES = 200;

/** A value of a prepared query: the value itself, or the placeholder it goes in by. */
export type Arg<T> = T | Placeholder;

/**
 * A query Drizzle builds and writes to SQL once per database and shape, then runs with the values
 * of its placeholders (`sql.placeholder(name)`). Building and writing a list query's SQL was a third
 * of the portal's CPU on a list request, more than PostgreSQL's work on it (docs/decisions/035).
 * `build` is given only the shape, and the shape's key (JSON by default) holds all of it: two calls
 * share a build only when everything the build could read is the same. Values that change from call
 * to call (a page's limit and offset, a search term) go in by placeholders; values that are part of
 * the shape (the caller's scope, a filter's id) are written into the build, which is then reused for
 * that caller. In a transaction the query is built each time: a transaction's session is short-lived.
 */
export function preparedQuery<Shape, Result>(
  build: (db: Db, shape: Shape) => { prepare(name?: string): Prepared<Result> },
  shapeKey: (shape: Shape) => string = (shape) => JSON.stringify(shape) ?? '',
) {
  const byDatabase = new WeakMap<Db, Map<string, Prepared<Result>>>();
  return (db: Db, shape: Shape, values: Record<string, unknown>): Promise<Result> => {
    if ((db as unknown) instanceof PgTransaction) return build(db, shape).prepare().execute(values);
    let shapes = byDatabase.get(db);
    if (!shapes) {
      shapes = new Map();
      byDatabase.set(db, shapes);
    }
    const key = shapeKey(shape);
    let prepared = shapes.get(key);
    if (prepared) {
      shapes.delete(key); // re-inserted below: a Map iterates oldest first
    } else {
      prepared = build(db, shape).prepare();
      if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value as string);
    }
    shapes.set(key, prepared);
    return prepared.execute(values);
  };
}

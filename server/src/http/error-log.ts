import { causeChain } from '../errors/cause-chain.ts';

/**
 * How errors appear in the log. A failed query must not leak what it was given: Drizzle's
 * DrizzleQueryError carries the query's `params` (and prints them in its message and stack), and
 * PostgreSQL errors carry `detail` ("Failing row contains (…)", "Key (email)=(…)"), `where` and
 * messages that quote the offending value. Password hashes and patient data would end up in logs.
 * So a database error is logged as its SQL text (placeholders, no values), its SQLSTATE and the
 * names of the schema objects involved; every other error as pino would, minus those fields.
 */

/** Fields of a PostgreSQL error (pg and PGlite alike) that name things but hold no values. */
const SAFE_DATABASE_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
];
/** Fields that may hold values of the query, on any error in the chain. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where', 'hint', 'internalQuery']);
const MAX_CAUSES = 5;

type Serialized = Record<string, unknown>;
export type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** The logger's `err` serializer (pino hands it whatever was logged as `err`). */
export function serializeError(error: Error): SerializedError {
  return serialize(error, 0) as SerializedError;
}

function serialize(error: unknown, depth: number): unknown {
  if (!(error instanceof Error)) return error;
  const database = databaseErrorOf(error);
  if (database) return database;
  const out: Serialized = { type: error.constructor.name, message: error.message, stack: error.stack ?? '' };
  for (const [key, value] of Object.entries(error)) {
    if (key === 'cause' || key in out || VALUE_FIELDS.has(key)) continue;
    out[key] = value;
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) out.cause = serialize(error.cause, depth + 1);
  return out;
}

type PgLike = Error & Record<string, unknown>;

/** The safe view of a failed query (Drizzle's error or the driver's), or undefined for other errors. */
function databaseErrorOf(error: Error): Serialized | undefined {
  const query = queryTextOf(error);
  const pg = query === undefined ? asPostgresError(error) : postgresErrorIn(error.cause);
  if (query === undefined && !pg) return undefined;
  const out: Serialized = {
    type: error.constructor.name,
    message: pg ? `Query failed with SQLSTATE ${pg.code}` : 'Query failed',
  };
  if (query !== undefined) out.sql = query;
  for (const field of SAFE_DATABASE_FIELDS) {
    if (pg?.[field] !== undefined) out[field] = pg[field];
  }
  // Only the frames: the first lines of a stack repeat the message, which holds the values.
  out.stack = (error.stack ?? '')
    .split('\n')
    .filter((line) => /^\s+at /.test(line))
    .join('\n');
  return out;
}

/** Drizzle's DrizzleQueryError: `query` is the SQL text with $n placeholders. */
function queryTextOf(error: Error): string | undefined {
  const { query, params } = error as Error & { query?: unknown; params?: unknown };
  return typeof query === 'string' && Array.isArray(params) ? query : undefined;
}

function postgresErrorIn(error: unknown): PgLike | undefined {
  for (const e of causeChain(error, MAX_CAUSES + 1)) {
    const pg = e instanceof Error ? asPostgresError(e) : undefined;
    if (pg) return pg;
  }
  return undefined;
}

/** An error PostgreSQL sent: a five-character SQLSTATE and a severity. */
function asPostgresError(error: Error): PgLike | undefined {
  const { code, severity } = error as PgLike;
  const isPostgres = typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
  return isPostgres ? (error as PgLike) : undefined;
}

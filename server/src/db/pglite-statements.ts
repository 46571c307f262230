// PGlite's query() parses, describes, binds, describes, executes and syncs, each a call into
// WebAssembly, and PostgreSQL plans the statement anew every time (unnamed statement). This client
// keeps each query text as a named statement of PGlite's one session: the first run parses and
// describes it, every later run binds and executes it in a single call, and PostgreSQL's plan cache
// reuses the plan (decision 035: the admin users query 3.3 → 1.9 ms). Drizzle talks to it as to a
// PGlite: query() and transaction() are all it calls.
import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

/** Statements kept at most; past it, new texts run as unnamed statements (as PGlite's own query()). */
const MAX_NAMED_STATEMENTS = 1000;

type Statement = { name: string; parameterTypes: number[] };

/** What Drizzle's PGlite driver calls on its client (and on a transaction's). */
export type PgliteQueryClient = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: PgliteQueryClient) => Promise<T>): Promise<T>;
};

function concat(parts: Uint8Array[]): Uint8Array {
  const joined = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

/** Options this path honours; anything else (a blob, own serializers) goes to PGlite's query(). */
function isPlain(options: QueryOptions | undefined): boolean {
  if (!options) return true;
  return Object.keys(options).every((key) => key === 'rowMode' || key === 'parsers');
}

export function withNamedStatements(pglite: PGlite): PgliteQueryClient {
  const statements = new Map<string, Statement>();

  /** Parses and describes `text` under a new name (the caller holds the query lock). */
  async function prepare(text: string): Promise<Statement> {
    const name = `s${statements.size + 1}`;
    const { messages } = await pglite.execProtocol(
      concat([
        protocol.serialize.parse({ name, text, types: [] }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    return statement;
  }

  /** Binds and executes a named statement: one call into PGlite (the caller holds the query lock). */
  async function execute<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const statement = statements.get(text) ?? (await prepare(text));
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const serialize = pglite.serializers[statement.parameterTypes[index]];
      return serialize ? serialize(param) : String(param);
    });
    try {
      const { messages } = await pglite.execProtocol(
        concat([
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.describe({ type: 'P' }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
      return parse.parseResults(messages, pglite.parsers, options)[0] as Results<T>;
    } catch (error) {
      // As PGlite's query() does, so that a database error names its statement.
      Object.assign(error as object, { query: text, params });
      throw error;
    }
  }

  const canName = (text: string) => statements.has(text) || statements.size < MAX_NAMED_STATEMENTS;

  function clientOf(tx: Transaction | undefined): PgliteQueryClient {
    return {
      async query<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
        if (!isPlain(options) || !canName(text)) {
          return tx ? tx.query<T>(text, params, options) : pglite.query<T>(text, params, options);
        }
        // Inside a transaction the transaction's lock is held already; outside, take it as query() does.
        if (tx) return pglite._runExclusiveQuery(() => execute<T>(text, params, options));
        return pglite._runExclusiveTransaction(() =>
          pglite._runExclusiveQuery(async () => {
            const result = await execute<T>(text, params, options);
            await pglite.syncToFs();
            return result;
          }),
        );
      },
      transaction<T>(callback: (inner: PgliteQueryClient) => Promise<T>) {
        if (tx) throw new Error('a nested transaction goes through a savepoint, not transaction()');
        return pglite.transaction((opened) => callback(clientOf(opened)));
      },
    };
  }

  return clientOf(undefined);
}

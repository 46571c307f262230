import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgliteQueryClient, withNamedStatements } from './pglite-statements.ts';

let pglite: PGlite;
let client: PgliteQueryClient;

beforeAll(async () => {
  pglite = await PGlite.create();
  await pglite.exec(`
    create table item (id serial primary key, name text not null unique, data jsonb, at timestamptz, ok boolean);
    insert into item (name, data, at, ok) values ('one', '{"n": 1}', '2026-01-02T03:04:05Z', true);
  `);
  client = withNamedStatements(pglite);
  // A fresh PGlite runs initdb (~3 s alone); on a busy two-core CI machine it took over 10 s.
}, 60_000);
afterAll(() => pglite.close());

const namedStatements = async () =>
  (await pglite.query<{ statement: string }>('select statement from pg_prepared_statements')).rows.map(
    (row) => row.statement,
  );

describe('PGlite with named statements', () => {
  it('parses a text once and binds it with each call’s values', async () => {
    const text = 'select name from item where id = $1';
    const before = (await namedStatements()).filter((s) => s === text).length;
    expect((await client.query<{ name: string }>(text, [1])).rows).toEqual([{ name: 'one' }]);
    expect((await client.query<{ name: string }>(text, [2])).rows).toEqual([]);
    expect((await client.query<{ name: string }>(text, [1])).rows).toEqual([{ name: 'one' }]);
    expect(before).toBe(0);
    expect((await namedStatements()).filter((s) => s === text)).toHaveLength(1);
  });

  it('serializes parameters by their type and parses results as PGlite does', async () => {
    await client.query('insert into item (name, data, at, ok) values ($1, $2, $3, $4)', [
      'two',
      { n: 2, list: [1, 2] },
      new Date('2026-05-06T07:08:09Z'),
      false,
    ]);
    const { rows } = await client.query<{ data: unknown; at: Date; ok: boolean; missing: null }>(
      'select data, at, ok, null::text as missing from item where name = $1',
      ['two'],
    );
    expect(rows).toEqual([
      { data: { n: 2, list: [1, 2] }, at: new Date('2026-05-06T07:08:09Z'), ok: false, missing: null },
    ]);
    const asArrays = await client.query<unknown[]>('select id, name from item where name = $1', ['one'], {
      rowMode: 'array',
    });
    expect(asArrays.rows).toEqual([[1, 'one']]);
  });

  it('reports a database error with its code and keeps working after it', async () => {
    await expect(client.query('insert into item (name) values ($1)', ['one'])).rejects.toMatchObject({
      code: '23505',
      query: 'insert into item (name) values ($1)',
    });
    await expect(client.query('selec nothing')).rejects.toMatchObject({ code: '42601' });
    expect(
      (await client.query<{ n: number }>('select count(*)::int as n from item where name = $1', ['one']))
        .rows,
    ).toEqual([{ n: 1 }]);
  });

  it('commits a transaction that ends, rolls back one that throws', async () => {
    await client.transaction(async (tx) => {
      await tx.query('insert into item (name) values ($1)', ['kept']);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into item (name) values ($1)', ['dropped']);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const { rows } = await client.query<{ name: string }>(
      'select name from item where name = any($1) order by name',
      [['kept', 'dropped']],
    );
    expect(rows).toEqual([{ name: 'kept' }]);
  });

  it('makes a query outside a transaction wait for the transaction to end', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let inserted = () => {};
    const insertedInside = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into item (name) values ($1)', ['during']);
      inserted();
      await held;
    });
    await insertedInside;
    let seen: number | undefined;
    const outside = client
      .query<{ n: number }>('select count(*)::int as n from item where name = $1', ['during'])
      .then((result) => {
        seen = result.rows[0].n;
      });
    await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toBeUndefined();
    release();
    await Promise.all([transaction, outside]);
    expect(seen).toBe(1);
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { preparedQuery } from '../src/db/prepared-query.ts';
import { users } from '../src/db/schema/accounts.ts';
import { createUser } from '../src/seed/factories.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A query whose builds are counted: by e-mail, or by id when the shape says so. */
function countedQuery() {
  const built: string[] = [];
  const run = preparedQuery((db: Db, shape: { by: 'email' | 'id' }) => {
    built.push(shape.by);
    return db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(
        shape.by === 'email'
          ? eq(users.email, sql.placeholder('value'))
          : eq(users.id, sql.placeholder('value')),
      );
  });
  return { run, built };
}

describe('preparedQuery', () => {
  it('builds once per shape and database, and runs with each call’s values', async () => {
    const first = await createUser(t.db, { email: 'prepared-one@example.com' });
    const second = await createUser(t.db, { email: 'prepared-two@example.com' });
    const { run, built } = countedQuery();
    expect(await run(t.db, { by: 'email' }, { value: first.email })).toEqual([
      { id: first.id, email: first.email },
    ]);
    expect(await run(t.db, { by: 'email' }, { value: second.email })).toEqual([
      { id: second.id, email: second.email },
    ]);
    expect(await run(t.db, { by: 'id' }, { value: second.id })).toEqual([
      { id: second.id, email: second.email },
    ]);
    expect(await run(t.db, { by: 'email' }, { value: 'nobody@example.com' })).toEqual([]);
    expect(built).toEqual(['email', 'id']);
  });

  it('refuses a call that leaves a placeholder without its value', async () => {
    const { run } = countedQuery();
    await expect(run(t.db, { by: 'email' }, {})).rejects.toThrow(/No value for placeholder "value"/);
  });

  it('runs inside the caller’s transaction, built each time', async () => {
    const { run, built } = countedQuery();
    await run(t.db, { by: 'email' }, { value: 'warm@example.com' });
    await t.db
      .transaction(async (tx) => {
        const inside = await createUser(tx, { email: 'prepared-in-tx@example.com' });
        // Seen only by the transaction that wrote it: the query ran on the transaction's session.
        expect(await run(tx, { by: 'email' }, { value: inside.email })).toEqual([
          { id: inside.id, email: inside.email },
        ]);
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await run(t.db, { by: 'email' }, { value: 'prepared-in-tx@example.com' })).toEqual([]);
    expect(built).toEqual(['email', 'email']);
  });
});

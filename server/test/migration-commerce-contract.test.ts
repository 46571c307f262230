import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../src/db/migrate.ts';
import {
  migrateOldSchema,
  migrationIndex,
  migrationsUpTo,
  type OpenedDatabase,
  openEmptyDatabase,
  rows,
} from './helpers/migrations.ts';

/**
 * Migration 0014 (the commerce contract) on the schema before it: coupon codes and the codes sold
 * become upper case, and invoice numbers continue from the last one written, without gaps.
 */
describe('migration 0014: commerce contract', () => {
  let opened: OpenedDatabase;

  beforeAll(async () => {
    opened = await openEmptyDatabase();
    const folder = migrationsUpTo(migrationIndex('0014_commerce_contract'));
    await migrateOldSchema(opened, folder);
    fs.rmSync(folder, { recursive: true, force: true });
    const run = (query: string) => rows(opened.database, query);
    await run(`INSERT INTO coupons (name, code, discount_amount_cents) VALUES
      ('Welcome', 'welcome100', 100), ('Spring', 'Spring-5', 500), ('Kept', 'KEPT', 700)`);
    // Three paid rows numbered by the old sequence, then two numbers taken by declined payments.
    await run(`INSERT INTO transactions (product_id, product_name, quantity, unit_price_cents, amount_cents, coupon_code_used)
      VALUES (1, 'Processing Fee', 1, 100, 100, 'welcome100'), (1, 'Processing Fee', 1, 100, 100, 'WELCOME100'),
             (1, 'Processing Fee', 1, 100, 100, '')`);
    await run(`SELECT nextval('transaction_invoice_seq'), nextval('transaction_invoice_seq')`);
    await runMigrations(opened.database, opened.url);
  }, 180_000);

  afterAll(async () => {
    await opened?.database.close();
    await opened?.drop?.();
  });

  it('upper-cases coupon codes and the codes transactions were sold with', async () => {
    expect(await rows(opened.database, 'SELECT code FROM coupons ORDER BY id')).toEqual([
      { code: 'WELCOME100' },
      { code: 'SPRING-5' },
      { code: 'KEPT' },
    ]);
    expect(
      await rows(opened.database, 'SELECT coupon_code_used AS code FROM transactions ORDER BY id'),
    ).toEqual([{ code: 'WELCOME100' }, { code: 'WELCOME100' }, { code: '' }]);
  });

  it('numbers the next transaction right after the last one written; the sequence is gone', async () => {
    const [next] = await rows<{ invoice_id: number | string }>(
      opened.database,
      `INSERT INTO transactions (product_id, product_name, quantity, unit_price_cents, amount_cents)
       VALUES (1, 'Processing Fee', 1, 100, 100) RETURNING invoice_id`,
    );
    expect(Number(next.invoice_id)).toBe(100_004);
    expect(
      await rows(opened.database, `SELECT 1 FROM pg_class WHERE relname = 'transaction_invoice_seq'`),
    ).toEqual([]);
  });
});

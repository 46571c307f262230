import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openPglite } from './client.ts';
import { initPgliteDataDir, pgliteTemplateDir } from './pglite-data-dir.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pglite-init-'));
// A template of this test's own, so the first folder shows it being made and the next one copied.
const previousTemplateDir = process.env.PGLITE_TEMPLATE_DIR;
process.env.PGLITE_TEMPLATE_DIR = path.join(root, 'template');
afterAll(() => {
  process.env.PGLITE_TEMPLATE_DIR = previousTemplateDir;
  fs.rmSync(root, { recursive: true, force: true });
});

test('a fresh folder becomes a migrated database with the embedded settings, built beside and moved in', async () => {
  const dir = path.join(root, 'data', 'pglite');
  await initPgliteDataDir(dir);
  expect(fs.existsSync(path.join(dir, 'PG_VERSION'))).toBe(true);
  expect(fs.readdirSync(path.dirname(dir))).toEqual(['pglite']); // no half-built folder left beside it
  const template = pgliteTemplateDir();
  expect(fs.existsSync(path.join(template, 'PG_VERSION'))).toBe(true);
  expect(fs.readdirSync(path.dirname(template))).toEqual([path.basename(template)]);

  const database = await openPglite(dir);
  try {
    const [{ shared_buffers }] = (
      await database.pglite!.query<{ shared_buffers: string }>('SHOW shared_buffers')
    ).rows;
    expect(shared_buffers).toBe('16MB');
    await database.pglite!.exec('CREATE TABLE kept (id int); INSERT INTO kept VALUES (1);');
  } finally {
    await database.close();
  }
  // The template stays empty: a second fresh folder is a copy without what the first one holds.
  const second = path.join(root, 'second', 'pglite');
  await initPgliteDataDir(second);
  const copy = await openPglite(second);
  try {
    const { rows } = await copy.pglite!.query(
      "SELECT to_regclass('kept') AS kept, to_regclass('users') IS NOT NULL AS migrated",
    );
    expect(rows).toEqual([{ kept: null, migrated: true }]);
  } finally {
    await copy.close();
  }
  // A folder that is a database already is left as it is.
  await initPgliteDataDir(dir);
  const reopened = await openPglite(dir);
  try {
    expect((await reopened.pglite!.query('SELECT id FROM kept')).rows).toEqual([{ id: 1 }]);
  } finally {
    await reopened.close();
  }
}, 120_000);

test('a folder with other files in it is refused, and nothing is left behind', async () => {
  const dir = path.join(root, 'occupied');
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'notes.txt'), 'mine');
  await expect(initPgliteDataDir(dir)).rejects.toThrow();
  expect(fs.readdirSync(dir)).toEqual(['notes.txt']);
  expect(fs.readdirSync(root).filter((name) => name.includes('initdb'))).toEqual([]);
}, 120_000);

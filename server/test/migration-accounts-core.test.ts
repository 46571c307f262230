import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../src/db/migrate.ts';
import {
  migrateOldSchema,
  migrationsUpTo,
  type OpenedDatabase,
  openEmptyDatabase,
  rows,
} from './helpers/migrations.ts';

/**
 * Migration 0002 (accounts core) on the demo data of the schema before it: no account, link,
 * vial record or total is lost. The fixture was written by the seed of that version.
 */

const FIXTURE = path.join(import.meta.dirname, 'fixtures/demo-before-accounts-core.sql');

describe('migration 0002: accounts core', () => {
  let opened: OpenedDatabase;
  let before: {
    users: { id: number; email: string; membership_id: number }[];
    patients: Record<string, unknown>[];
    centers: Record<string, unknown>[];
    reps: Record<string, unknown>[];
    managers: Record<string, unknown>[];
    labs: Record<string, unknown>[];
    vials: { n: number; quantity: number }[];
  };

  beforeAll(async () => {
    opened = await openEmptyDatabase();
    const folder = migrationsUpTo(2);
    await migrateOldSchema(opened, folder);
    fs.rmSync(folder, { recursive: true, force: true });
    for (const statement of fs.readFileSync(FIXTURE, 'utf8').split(/;\n/)) {
      const text = statement.replace(/^--.*$/gm, '').trim();
      if (text) await opened.database.db.execute(sql.raw(text));
    }
    // Links the old columns never held to (no foreign key): a rep that no longer exists.
    await opened.database.db.execute(
      sql.raw(`UPDATE users SET saless_rep_id = 999999 WHERE email = 'patient.liam.rossi.1@example.com'`),
    );
    const db = opened.database;
    before = {
      users: await rows(db, 'SELECT id, email, membership_id FROM users ORDER BY id'),
      patients: await rows(
        db,
        `SELECT id, harvest_center_temporal_id AS hc, referral_harvest_center_temporal_id AS rhc,
           CASE WHEN saless_rep_id IN (SELECT id FROM users) THEN saless_rep_id END AS rep,
           processing_lab_id AS lab, lab_id AS sample, number_times_qc_done AS qc,
           date_adipose_shipped_to_lab::text AS shipped, date_adipose_received_by_lab::text AS received,
           estimated_date_vials_ready_to_ship::text AS estimated, estimated_date_set_manually AS manual,
           date_vials_ready_to_ship::text AS ready, stemcell_plating_initiated_date::text AS plating,
           stemcell_plating_successful AS plating_ok, hla_typing_test AS hla, vials_preparation AS prep,
           vials_ready_ship AS ready_ship, vials_available AS available, vials_shipped AS vials_shipped
         FROM users WHERE membership_id = 2 ORDER BY id`,
      ),
      centers: await rows(
        db,
        `SELECT id, saless_rep_id AS rep, CASE WHEN membership_id = 4 THEN processing_lab_id END AS lab
         FROM users WHERE membership_id IN (4, 5) ORDER BY id`,
      ),
      reps: await rows(
        db,
        'SELECT id, sales_manager_id AS manager FROM users WHERE membership_id = 3 ORDER BY id',
      ),
      managers: await rows(
        db,
        'SELECT id, sales_distributor_id AS distributor FROM users WHERE membership_id = 6 ORDER BY id',
      ),
      labs: await rows(
        db,
        'SELECT id, processing_lab_id AS lab FROM users WHERE membership_id IN (1, 11) ORDER BY id',
      ),
      vials: await rows(
        db,
        'SELECT count(*)::int AS n, coalesce(sum(quantity), 0)::int AS quantity FROM vial_records',
      ),
    };
    await runMigrations(opened.database, opened.url);
  }, 60_000);

  afterAll(async () => {
    await opened?.database.close();
    await opened?.drop?.();
  });

  it('keeps every account', async () => {
    expect(before.users.length).toBeGreaterThan(40);
    expect(await rows(opened.database, 'SELECT id, email, membership_id FROM users ORDER BY id')).toEqual(
      before.users,
    );
  });

  it("moves every patient's links, lab record and totals, and clears a link to a missing account", async () => {
    expect(before.patients.length).toBeGreaterThan(25);
    const after = await rows(
      opened.database,
      `SELECT user_id AS id, harvest_center_id AS hc, referral_harvest_center_id AS rhc, sales_rep_id AS rep,
         processing_lab_id AS lab, lab_sample_id AS sample, number_times_qc_done AS qc,
         date_adipose_shipped_to_lab::text AS shipped, date_adipose_received_by_lab::text AS received,
         estimated_date_vials_ready_to_ship::text AS estimated, estimated_date_set_manually AS manual,
         date_vials_ready_to_ship::text AS ready, stemcell_plating_initiated_date::text AS plating,
         stemcell_plating_successful AS plating_ok, hla_typing_test AS hla, vials_preparation AS prep,
         vials_ready_ship AS ready_ship, vials_available AS available, vials_shipped AS vials_shipped
       FROM patient_accounts ORDER BY user_id`,
    );
    expect(after).toEqual(before.patients);
    expect(before.patients.some((p) => (p.available as number) > 0)).toBe(true);
  });

  it("keeps the centers' reps and labs, the reps' managers, the managers' distributors, the lab accounts' labs", async () => {
    const db = opened.database;
    expect(
      await rows(
        db,
        'SELECT user_id AS id, sales_rep_id AS rep, processing_lab_id AS lab FROM center_accounts ORDER BY user_id',
      ),
    ).toEqual(before.centers);
    expect(
      await rows(
        db,
        'SELECT user_id AS id, sales_manager_id AS manager FROM sales_accounts WHERE membership_id = 3 ORDER BY user_id',
      ),
    ).toEqual(before.reps);
    expect(
      await rows(
        db,
        'SELECT user_id AS id, sales_distributor_id AS distributor FROM sales_accounts WHERE membership_id = 6 ORDER BY user_id',
      ),
    ).toEqual(before.managers);
    expect(
      await rows(db, 'SELECT user_id AS id, processing_lab_id AS lab FROM lab_accounts ORDER BY user_id'),
    ).toEqual(before.labs);
  });

  it('keeps every vial record, now held by the database against deletion', async () => {
    const db = opened.database;
    expect(
      await rows(
        db,
        'SELECT count(*)::int AS n, coalesce(sum(quantity), 0)::int AS quantity FROM vial_records',
      ),
    ).toEqual(before.vials);
    const [withVials] = await rows<{ user_id: number }>(db, 'SELECT user_id FROM vial_records LIMIT 1');
    await expect(
      db.db.execute(sql.raw(`DELETE FROM users WHERE id = ${withVials.user_id}`)),
    ).rejects.toThrow();
    await expect(
      db.db.execute(
        sql.raw(`UPDATE patient_accounts SET vials_available = -1 WHERE user_id = ${withVials.user_id}`),
      ),
    ).rejects.toThrow();
  });
});

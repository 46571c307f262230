import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.ts';

const SCHEMA = 'test_checkpoint';

/** One statement a call: PGlite's extended protocol takes no multi-statement strings. */
async function run(db: Db, ...statements: string[]): Promise<void> {
  for (const statement of statements) await db.execute(sql.raw(statement));
}

const quote = (value: string) => `'${value.replaceAll("'", "''")}'`;

/**
 * A saved copy of every table in the public schema, and a way back to it after requests changed
 * something. Row triggers note the primary key of every row inserted, updated or deleted (a table
 * without one is noted whole); `restoreChanged` puts exactly those rows back as they were saved,
 * with foreign keys and triggers off (session_replication_role = replica), in one round trip. So a
 * test can send thousands of writes to one world without any of them leaking into the next.
 * Tables named in `untracked` are left as requests leave them.
 * Works on PGlite and PostgreSQL (the test user is a superuser on both); test databases only.
 */
export async function createDataCheckpoint(db: Db, options: { untracked?: readonly string[] } = {}) {
  await run(
    db,
    `CREATE SCHEMA ${SCHEMA}`,
    // The tables saved: their insertable columns and their primary key (null when they have none).
    `CREATE TABLE ${SCHEMA}.saved_tables AS
       SELECT c.relname::text AS name,
              (SELECT string_agg(quote_ident(a.attname), ', ' ORDER BY a.attnum)
                 FROM pg_attribute a
                WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
              ) AS columns,
              (SELECT array_agg(a.attname::text ORDER BY k.n)
                 FROM pg_index i
                 CROSS JOIN unnest(i.indkey) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum
                WHERE i.indrelid = c.oid AND i.indisprimary
              ) AS key_columns
         FROM pg_class c
         JOIN pg_namespace ns ON ns.oid = c.relnamespace
        WHERE ns.nspname = 'public' AND c.relkind = 'r'
          AND c.relname <> ALL (ARRAY[${(options.untracked ?? []).map(quote).join(', ')}]::text[])`,
    `CREATE TABLE ${SCHEMA}.changed (name text NOT NULL, key jsonb)`,
    `CREATE FUNCTION ${SCHEMA}.note_change() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_NARGS = 0 THEN
         INSERT INTO ${SCHEMA}.changed VALUES (TG_TABLE_NAME, NULL);
         RETURN NULL;
       END IF;
       IF TG_OP IN ('UPDATE', 'DELETE') THEN
         INSERT INTO ${SCHEMA}.changed
           SELECT TG_TABLE_NAME, jsonb_object_agg(k, to_jsonb(OLD) -> k) FROM unnest(TG_ARGV) AS k;
       END IF;
       IF TG_OP IN ('UPDATE', 'INSERT') THEN
         INSERT INTO ${SCHEMA}.changed
           SELECT TG_TABLE_NAME, jsonb_object_agg(k, to_jsonb(NEW) -> k) FROM unnest(TG_ARGV) AS k;
       END IF;
       RETURN NULL;
     END $$`,
    // The keys are taken out of `changed` first, so rows that another connection (the mail
    // worker) changes meanwhile wait for the next restore instead of slipping in between.
    `CREATE FUNCTION ${SCHEMA}.restore_changed() RETURNS text[] LANGUAGE plpgsql AS $$
     DECLARE
       taken jsonb;
       t record;
       target text;
       keys text;
       changed_keys text;
       restored text[] := '{}';
     BEGIN
       WITH gone AS (DELETE FROM ${SCHEMA}.changed RETURNING name, key)
       SELECT jsonb_agg(jsonb_build_object('name', name, 'key', key)) INTO taken FROM gone;
       IF taken IS NULL THEN RETURN restored; END IF;
       PERFORM set_config('session_replication_role', 'replica', true);
       FOR t IN
         SELECT s.name, s.columns, s.key_columns, bool_or(e -> 'key' = 'null'::jsonb) AS whole
           FROM ${SCHEMA}.saved_tables s
           JOIN jsonb_array_elements(taken) AS e ON e ->> 'name' = s.name
          GROUP BY s.name, s.columns, s.key_columns
       LOOP
         target := format('public.%I', t.name);
         IF t.whole OR t.key_columns IS NULL THEN
           EXECUTE format('DELETE FROM %s', target);
           EXECUTE format('INSERT INTO %s (%s) OVERRIDING SYSTEM VALUE SELECT %s FROM ${SCHEMA}.%I',
                          target, t.columns, t.columns, 'saved_' || t.name);
         ELSE
           SELECT string_agg(format('%I', k), ', ') INTO keys FROM unnest(t.key_columns) AS k;
           changed_keys := format(
             'SELECT %s FROM jsonb_array_elements($1) e, jsonb_populate_record(NULL::%s, e -> %L) r'
             ' WHERE e ->> %L = %L',
             (SELECT string_agg(format('r.%I', k), ', ') FROM unnest(t.key_columns) AS k),
             target, 'key', 'name', t.name);
           EXECUTE format('DELETE FROM %s WHERE (%s) IN (%s)', target, keys, changed_keys) USING taken;
           EXECUTE format(
             'INSERT INTO %s (%s) OVERRIDING SYSTEM VALUE SELECT %s FROM ${SCHEMA}.%I WHERE (%s) IN (%s)',
             target, t.columns, t.columns, 'saved_' || t.name, keys, changed_keys) USING taken;
         END IF;
         restored := restored || t.name::text;
       END LOOP;
       RETURN restored;
     END $$`,
  );
  const tables = (
    (await db.execute(
      sql.raw(`SELECT name, columns, key_columns FROM ${SCHEMA}.saved_tables`),
    )) as unknown as {
      rows: { name: string; columns: string; key_columns: string[] | null }[];
    }
  ).rows;
  for (const { name, columns, key_columns: keyColumns } of tables) {
    const table = `public."${name}"`;
    const keyArgs = (keyColumns ?? []).map(quote).join(', ');
    await run(
      db,
      `CREATE TABLE ${SCHEMA}."saved_${name}" AS SELECT ${columns} FROM ${table}`,
      `CREATE TRIGGER test_checkpoint_rows AFTER INSERT OR DELETE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION ${SCHEMA}.note_change(${keyArgs})`,
      `CREATE TRIGGER test_checkpoint_updates AFTER UPDATE ON ${table}
         FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION ${SCHEMA}.note_change(${keyArgs})`,
    );
  }

  return {
    /** Puts back every row changed since the checkpoint (or the last restore); the tables it rewrote. */
    async restoreChanged(): Promise<string[]> {
      const result = (await db.execute(
        sql.raw(`SELECT ${SCHEMA}.restore_changed() AS restored`),
      )) as unknown as { rows: { restored: string[] }[] };
      return result.rows[0].restored;
    },
  };
}

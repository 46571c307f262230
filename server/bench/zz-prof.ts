import pg from 'pg';
import { buildApp } from '/work/main/server/src/app.ts';
import { loadConfig } from '/work/main/server/src/config/env.ts';
import { openPostgres } from '/work/main/server/src/db/client.ts';
import { runMigrations } from '/work/main/server/src/db/migrate.ts';
import { seedDemoData } from '/work/main/server/src/seed/demo-seed.ts';

const base = 'postgres://postgres@127.0.0.1:5432/test';
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query('DROP DATABASE IF EXISTS portal_prof');
await admin.query('CREATE DATABASE portal_prof');
await admin.end();
const url = 'postgres://postgres@127.0.0.1:5432/portal_prof';
const database = openPostgres(url);
await runMigrations(database, url);
await seedDemoData(database.db, 'demo-password');
const config = loadConfig({
  DATABASE_URL: url,
  SEED_DEMO: 'false',
  LOG_LEVEL: 'silent',
  DATA_DIR: '/tmp/prof-data',
});
const app = await buildApp({ config, database, logger: false });
await app.ready();
const login = await app.inject({
  method: 'POST',
  url: '/api/admin/login/',
  payload: { email: 'admin@example.com', password: 'demo-password' },
});
const token = login.json().token;
for (const url of [process.env.PROF_URL ?? '/api/v1/vials-history/user/9/']) {
  for (let i = 0; i < 20; i++) await app.inject({ url, headers: { authorization: `Token ${token}` } });
  const t0 = performance.now();
  const N = Number(process.env.N ?? 200);
  for (let i = 0; i < N; i++) {
    const r = await app.inject({ url, headers: { authorization: `Token ${token}` } });
    if (r.statusCode !== 200) throw new Error(r.body);
  }
  console.log(url, ((performance.now() - t0) / N).toFixed(2), 'ms/req sequential');
}
await app.close();
const a2 = new pg.Client({ connectionString: base });
await a2.connect();
await a2.query('DROP DATABASE IF EXISTS portal_prof WITH (FORCE)');
await a2.end();

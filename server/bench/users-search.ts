// Admin user search at scale: `npm run bench:search`.
// Creates the database portal_bench on BENCH_DATABASE_URL's server (default
// postgres://postgres@127.0.0.1:5432/test), migrates it, inserts 100,000 users with generate_series,
// then times GET /api/admin/users/?search=<term>&limit=20&offset=0 through app.inject as an admin,
// prints median and p99 per kind of term, the query plans, and drops the database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { USER_LIST_COUNT_CAP, ZUserListQuery } from '@portal/shared/users';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { issueSessionToken } from '../src/auth/tokens.ts';
import { loadConfig } from '../src/config/env.ts';
import { openPostgres } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { domains, users } from '../src/db/schema/accounts.ts';
import type { MailTransport } from '../src/mail-delivery/transport.ts';
import { selectAccounts } from '../src/modules/accounts/account-view.repository.ts';
import { countUsers, userOrderBy, userWhere } from '../src/modules/users/user-list.repository.ts';
import { userWithRelationsColumns } from '../src/modules/users/users.repository.ts';
import { createUserOfRole } from '../src/seed/factories.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
/** BENCH_KEEP=1 keeps portal_bench for poking at plans with psql. */
const KEEP = process.env.BENCH_KEEP === '1';
const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** BENCH_DB_NAME lets two people bench on one server at once. */
const NAME = process.env.BENCH_DB_NAME ?? 'portal_bench';

function urlFor(database: string): string {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
}

async function onServer(statement: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const FIRST = [
  'james',
  'mary',
  'john',
  'patricia',
  'robert',
  'jennifer',
  'michael',
  'linda',
  'william',
  'elizabeth',
  'david',
  'barbara',
  'richard',
  'susan',
  'joseph',
  'jessica',
  'thomas',
  'sarah',
  'charles',
  'karen',
];
const LAST = [
  'smith',
  'johnson',
  'williams',
  'brown',
  'jones',
  'garcia',
  'miller',
  'davis',
  'rodriguez',
  'martinez',
  'hernandez',
  'lopez',
  'gonzalez',
  'wilson',
  'anderson',
  'thomas',
  'taylor',
  'moore',
  'jackson',
  'martin',
  'lee',
  'perez',
  'thompson',
  'white',
  'harris',
  'sanchez',
  'clark',
  'ramirez',
  'lewis',
  'robinson',
];
const COMPANY = [
  'Austin Harvest Center',
  'Hill Country Clinic',
  'Lone Star Regenerative',
  'Gulf Coast Wellness',
  'Bayou Aesthetics',
  'Desert Bloom Medical',
  'Pacific Stem Clinic',
  'Rocky Mountain Health',
  'Prairie Care',
  'Lakeside Cosmetic Surgery',
];
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'icloud.com', 'clinicmail.com'];

const sqlArray = (values: string[]) =>
  `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`;

/** 100k users in one statement: names and companies from small vocabularies, like real data. */
async function seedUsers(database: ReturnType<typeof openPostgres>) {
  await database.db.execute(
    sql.raw(`
    INSERT INTO users (email, username, password_hash, first_name, last_name, company, phone_number,
                       membership_id, is_active, date_joined, city, agreement_accepted_at)
    SELECT e.email, e.email, 'bench-no-login', initcap(e.f), initcap(e.l),
           CASE WHEN e.m IN (4, 5, 9) THEN (${sqlArray(COMPANY)})[1 + (g / 50) % ${COMPANY.length}] || ' ' || (g % 97) ELSE '' END,
           '512' || lpad((g * 7919 % 10000000)::text, 7, '0'),
           e.m, g % 17 <> 0, now() - make_interval(mins => g * 5), 'Austin', now()
    FROM generate_series(1, ${USERS}) AS g
    CROSS JOIN LATERAL (
      SELECT (${sqlArray(FIRST)})[1 + g % ${FIRST.length}] AS f,
             (${sqlArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}] AS l,
             CASE WHEN g % 50 = 0 THEN 4 WHEN g % 50 = 1 THEN 5 WHEN g % 50 = 2 THEN 3 WHEN g % 200 = 3 THEN 6
                  WHEN g % 50 = 4 THEN 9 ELSE 2 END AS m
    ) AS parts
    CROSS JOIN LATERAL (
      SELECT parts.*, parts.f || '.' || parts.l || g || '@' || (${sqlArray(DOMAINS)})[1 + g % ${DOMAINS.length}] AS email
    ) AS e`),
  );
  // Each role's row, as accounts writes them (the list joins them).
  // One statement per call: the driver sends parameters, which rules out several commands at once.
  for (const statement of [
    `INSERT INTO patient_accounts (user_id, membership_id, lab_sample_id)
       SELECT id, 2, 'L2-' || lpad(id::text, 6, '0') FROM users WHERE membership_id = 2`,
    'INSERT INTO center_accounts (user_id, membership_id) SELECT id, membership_id FROM users WHERE membership_id IN (4, 5)',
    'INSERT INTO sales_accounts (user_id, membership_id) SELECT id, membership_id FROM users WHERE membership_id IN (3, 6)',
  ]) {
    await database.db.execute(sql.raw(statement));
  }
  // What autovacuum does soon after a bulk load on a live server: statistics and the visibility map.
  await database.db.execute(sql.raw('VACUUM ANALYZE'));
}

const TERMS: Record<string, string[]> = {
  surname: ['smith', 'Garcia', 'thompson', 'robinson', 'lee', 'martinez'],
  'email part': ['john.smith12', 'mary.lopez4', 'gmail', '@icloud', 'sarah.wh', 'outlook.com'],
  company: ['clinic', 'Hill Country', 'wellness', 'stem clinic', 'Prairie'],
  rare: ['zzqx', 'james.garcia20', 'jennifer.clark9999', '5120000007', 'nonexistent'],
  // A patient's sample id at the lab, matched whole (any case) beside the text search.
  'lab id': ['L2-000123', 'l2-004567', 'L2-098765', 'L2-999999'],
};

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function explain(database: ReturnType<typeof openPostgres>, term: string) {
  const query = ZUserListQuery.parse({ search: term, limit: '20', offset: '0' });
  const where = userWhere(query);
  // The same query as listUsers (role rows joined by selectAccounts).
  const page = selectAccounts(database.db, userWithRelationsColumns)
    .leftJoin(domains, eq(domains.id, users.domainId))
    .where(where)
    .orderBy(...userOrderBy(query.ordering))
    .limit(20)
    .toSQL();
  const count = database.db
    .select({ one: sql`1` })
    .from(users)
    .where(where)
    .limit(USER_LIST_COUNT_CAP)
    .toSQL();
  const client = new pg.Client({ connectionString: urlFor(NAME) });
  await client.connect();
  try {
    for (const [label, q] of [
      ['page', page],
      ['count (capped)', count],
    ] as const) {
      const { rows } = await client.query(
        `EXPLAIN (ANALYZE, COSTS OFF, TIMING ON) ${q.sql}`,
        q.params as unknown[],
      );
      const lines = rows.map((r) => r['QUERY PLAN'] as string);
      const scans = lines
        .filter((l) => /Scan|Sort|Limit|Aggregate|Execution Time/.test(l))
        .map((l) => l.trim());
      console.log(`  ${label} for "${term}":\n    ${scans.join('\n    ')}`);
    }
  } finally {
    await client.end();
  }
}

async function main() {
  await onServer(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
  await onServer(`CREATE DATABASE ${NAME}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-'));
  const database = openPostgres(urlFor(NAME), 5);
  try {
    await runMigrations(database, urlFor(NAME));
    let started = performance.now();
    await seedUsers(database);
    console.log(`inserted ${USERS.toLocaleString('en-US')} users in ${ms(performance.now() - started)}`);

    const config = loadConfig({
      DATABASE_URL: urlFor(NAME),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
    });
    const noMail: MailTransport = { kind: 'file', async send() {}, close() {} };
    const app = await buildApp({ config, database, mailTransport: noMail, logger: false });
    await app.ready();
    const admin = await createUserOfRole(database.db, MEMBERSHIP.admin, {
      email: 'bench.admin@example.test',
    });
    const { token } = await issueSessionToken(database.db, { userId: admin.id, ttlDays: 1 });
    const search = async (term: string) => {
      const t0 = performance.now();
      const res = await app.inject({
        url: `/api/admin/users/?search=${encodeURIComponent(term)}&limit=20&offset=0`,
        headers: { authorization: `Token ${token}` },
      });
      const elapsed = performance.now() - t0;
      if (res.statusCode !== 200) throw new Error(`${term}: ${res.statusCode} ${res.body}`);
      return { elapsed, count: res.json().count as number };
    };

    const all = Object.entries(TERMS).flatMap(([kind, terms]) => terms.map((term) => ({ kind, term })));
    console.log('\nmatches per term (count capped at 10,000):');
    for (const { kind, term } of all)
      console.log(`  ${kind.padEnd(11)} ${term.padEnd(20)} ${(await search(term)).count}`);
    for (const { term } of all) await search(term); // warm-up

    const times: Record<string, number[]> = {};
    started = performance.now();
    for (let i = 0; i < ROUNDS; i++) {
      const { kind, term } = all[i % all.length];
      times[kind] ??= [];
      times[kind].push((await search(term)).elapsed);
    }
    const wall = performance.now() - started;
    const everything = Object.values(times)
      .flat()
      .sort((a, b) => a - b);
    console.log(
      `\n${ROUNDS} searches through app.inject in ${ms(wall)} (PostgreSQL, ${USERS.toLocaleString('en-US')} users)`,
    );
    console.log(`  ${'kind'.padEnd(11)} ${'n'.padStart(4)} ${'median'.padStart(10)} ${'p99'.padStart(10)}`);
    for (const [kind, list] of Object.entries(times)) {
      const sorted = list.sort((a, b) => a - b);
      console.log(
        `  ${kind.padEnd(11)} ${String(sorted.length).padStart(4)} ${ms(percentile(sorted, 50)).padStart(10)} ${ms(percentile(sorted, 99)).padStart(10)}`,
      );
    }
    console.log(
      `  ${'all'.padEnd(11)} ${String(everything.length).padStart(4)} ${ms(percentile(everything, 50)).padStart(10)} ${ms(percentile(everything, 99)).padStart(10)}`,
    );

    const mainList: number[] = [];
    for (let i = 0; i < 50; i++) mainList.push((await search('')).elapsed);
    mainList.sort((a, b) => a - b);
    console.log(
      `  main list without search (50 calls): median ${ms(percentile(mainList, 50))}, p99 ${ms(percentile(mainList, 99))}`,
    );

    console.log('\nplans (EXPLAIN ANALYZE):');
    for (const term of ['smith', 'gmail', 'zzqx', 'L2-004567']) await explain(database, term);
    const exact = await countUsers(database.db, ZUserListQuery.parse({ search: 'a' }), 1e9);
    console.log(`\nexact matches of "a" (uncapped): ${exact}`);
    await app.close();
  } finally {
    await database.close();
    if (!KEEP) await onServer(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

import { MEMBERSHIP } from '@portal/shared/memberships';
import { PRODUCT } from '@portal/shared/products';
import type { TTransactionFilters } from '@portal/shared/transactions';
import { and, count as countRows } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type BulkParties, bulkInsertTransactions, createBulkParties } from '../bench/bulk-transactions.ts';
import type { Actor } from '../src/auth/actor.ts';
import { transactions } from '../src/db/schema/commerce.ts';
import {
  countTransactions,
  whereConditions,
} from '../src/modules/transactions/transaction-counts.repository.ts';
import { type ReportNarrowing, reportWhere } from '../src/modules/transactions/transaction-report.ts';
import { reportQueries } from '../src/modules/transactions/transaction-rows.repository.ts';
import { buildTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The report's queries at 200,000 transactions on PostgreSQL: for every filter and every team
 * scope, neither the page nor its count reads the transactions table from end to end. PostgreSQL
 * only (PGlite has no planner statistics worth the name at this size); CI sets TEST_DATABASE_URL.
 * 200,000 rows load in a sixth of a million's time and still tell: dropping the index of a rep, a
 * center or a patient fails the test at this size. The report bench measures at a million.
 */
const ROWS = 200_000;
const onPostgres = inject('testDatabase').kind === 'postgres';

let t: TestApp;
let client: pg.Client;
let parties: BulkParties;

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };

function scansOfTransactions(node: PlanNode, found: string[] = []): string[] {
  if (node['Relation Name'] === 'transactions') found.push(node['Node Type']);
  for (const child of node.Plans ?? []) scansOfTransactions(child, found);
  return found;
}

async function planOf(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string[]> {
  const { sql, params } = query.toSQL();
  const result = await client.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
  const [explained] = result.rows[0]['QUERY PLAN'] as { Plan: PlanNode }[];
  return scansOfTransactions(explained.Plan);
}

function actorOf(id: number, membershipId: number): Actor {
  return { id, membershipId, isAdmin: membershipId === MEMBERSHIP.admin, domainId: null } as Actor;
}

describe.runIf(onPostgres)('the report at 200,000 transactions (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await buildTestApp();
    const url = t.database.connectionString;
    if (!url) throw new Error('expected a PostgreSQL test database');
    parties = await createBulkParties(t.db, {
      distributors: 3,
      managersPerDistributor: 4,
      repsPerManager: 5,
      centersPerRep: 2,
      referralCenters: 30,
      patients: 300,
    });
    await bulkInsertTransactions(url, ROWS, parties);
    client = new pg.Client({ connectionString: url });
    await client.connect();
    // What autovacuum keeps up in production: statistics and the visibility map (index-only counts).
    await client.query('VACUUM ANALYZE transactions');
  }, 240_000);
  afterAll(async () => {
    await client?.end();
    await t?.close();
  });

  it('uses an index for every filter, search and team scope, for the page and for its count', async () => {
    const admin = actorOf(1, MEMBERSHIP.admin);
    const center = parties.centers[7];
    const cases: { name: string; actor: Actor; filters: TTransactionFilters; narrowing?: ReportNarrowing }[] =
      [
        { name: 'no filter', actor: admin, filters: {} },
        {
          name: 'date range',
          actor: admin,
          filters: { date_after: '2025-01-01', date_before: '2025-01-31' },
        },
        { name: 'date after', actor: admin, filters: { date_after: '2026-01-01' } },
        { name: 'sales rep', actor: admin, filters: { sales_rep_id: center.rep } },
        { name: 'sales manager', actor: admin, filters: { sales_manager_id: center.manager } },
        { name: 'sales distributor', actor: admin, filters: { sales_distributor_id: center.distributor } },
        { name: 'harvest center', actor: admin, filters: { harvest_center_id: center.hc } },
        {
          name: 'referral center',
          actor: admin,
          filters: { referral_harvest_center_id: parties.referralCenters[3] },
        },
        { name: 'product', actor: admin, filters: { product_id: PRODUCT.vials } },
        { name: 'patient', actor: admin, filters: { patient_id: parties.patients[11] } },
        { name: 'search: a clinic', actor: admin, filters: { search: 'bulk clinic 1.2.3' } },
        { name: 'search: a patient', actor: admin, filters: { search: 'patient 12' } },
        { name: 'search: an invoice', actor: admin, filters: { search: '100123' } },
        { name: 'search: a coupon', actor: admin, filters: { search: 'bulk7' } },
        {
          name: 'rep and dates',
          actor: admin,
          filters: { sales_rep_id: center.rep, date_after: '2025-06-01' },
        },
        { name: 'a rep’s own', actor: actorOf(center.rep, MEMBERSHIP.salesRep), filters: {} },
        { name: 'a manager’s team', actor: actorOf(center.manager, MEMBERSHIP.salesManager), filters: {} },
        {
          name: 'a manager’s team, searched',
          actor: actorOf(center.manager, MEMBERSHIP.salesManager),
          filters: { search: 'patient 1' },
        },
        {
          name: 'a distributor’s teams',
          actor: actorOf(center.distributor, MEMBERSHIP.salesDistributor),
          filters: {},
        },
        {
          name: 'a distributor, one manager’s team',
          actor: actorOf(center.distributor, MEMBERSHIP.salesDistributor),
          filters: {},
          narrowing: { target: { level: 'manager', id: center.manager } },
        },
      ];
    const fullScans: string[] = [];
    for (const { name, actor, filters, narrowing } of cases) {
      const where = await reportWhere(t.db, actor, filters, narrowing);
      const queries = reportQueries(t.db, where);
      const page = await planOf(queries.ids.limit(10).offset(0));
      if (queries.count === null) {
        // The total is read from transaction_counts (rebuilt after the load): it must be the rows'.
        const [counted] = await t.db
          .select({ n: countRows() })
          .from(transactions)
          .where(and(...whereConditions(where)));
        expect(await countTransactions(t.db, where), name).toBe(counted.n);
      }
      const count = queries.count ? await planOf(queries.count) : [];
      expect(page.length + count.length, name).toBeGreaterThan(0);
      if ([...page, ...count].includes('Seq Scan')) fullScans.push(`${name}: page ${page}, count ${count}`);
    }
    expect(fullScans).toEqual([]);
  }, 120_000);
});

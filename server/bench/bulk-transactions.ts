// A million transactions in PostgreSQL, fast: the report bench and the plan test load them with one
// INSERT … SELECT over generate_series per batch. Parties are real accounts made by the factories
// (a sales network, its centers and patients); each row's team is its center's.
import pg from 'pg';
import type { Db } from '../src/db/client.ts';
import type { UserRow } from '../src/seed/factories.ts';
import {
  createHarvestCenter,
  createPatient,
  createReferralHarvestCenter,
  createSalesDistributor,
  createSalesManager,
  createSalesRep,
} from '../src/seed/patient-factories.ts';

export type BulkSizes = {
  distributors: number;
  managersPerDistributor: number;
  repsPerManager: number;
  centersPerRep: number;
  referralCenters: number;
  patients: number;
};

export const BENCH_SIZES: BulkSizes = {
  distributors: 5,
  managersPerDistributor: 10,
  repsPerManager: 10,
  centersPerRep: 2,
  referralCenters: 200,
  patients: 2000,
};

/** One center with the team it was sold by, per HC. */
export type BulkParties = {
  centers: { hc: number; rep: number; manager: number; distributor: number }[];
  referralCenters: number[];
  patients: number[];
  distributors: number[];
  managers: number[];
  reps: number[];
};

export async function createBulkParties(db: Db, sizes: BulkSizes): Promise<BulkParties> {
  const parties: BulkParties = {
    centers: [],
    referralCenters: [],
    patients: [],
    distributors: [],
    managers: [],
    reps: [],
  };
  const reps = new Map<number, UserRow>();
  const centers = new Map<number, UserRow>();
  for (let d = 0; d < sizes.distributors; d++) {
    const distributor = await createSalesDistributor(db, { lastName: `Bulk Distributor ${d}` });
    parties.distributors.push(distributor.id);
    for (let m = 0; m < sizes.managersPerDistributor; m++) {
      const manager = await createSalesManager(db, { distributor, lastName: `Bulk Manager ${d}.${m}` });
      parties.managers.push(manager.id);
      for (let r = 0; r < sizes.repsPerManager; r++) {
        const rep = await createSalesRep(db, { manager, lastName: `Bulk Rep ${d}.${m}.${r}` });
        parties.reps.push(rep.id);
        reps.set(rep.id, rep);
        for (let c = 0; c < sizes.centersPerRep; c++) {
          const hc = await createHarvestCenter(db, { rep, company: `Bulk Clinic ${d}.${m}.${r}.${c}` });
          centers.set(hc.id, hc);
          parties.centers.push({ hc: hc.id, rep: rep.id, manager: manager.id, distributor: distributor.id });
        }
      }
    }
  }
  for (let i = 0; i < sizes.referralCenters; i++) {
    const center = parties.centers[i % parties.centers.length];
    const rhc = await createReferralHarvestCenter(db, {
      rep: reps.get(center.rep),
      harvestCenters: [{ id: center.hc }],
      company: `Bulk Referral ${i}`,
    });
    parties.referralCenters.push(rhc.id);
  }
  for (let i = 0; i < sizes.patients; i++) {
    const center = parties.centers[i % parties.centers.length];
    const patient = await createPatient(db, {
      harvestCenter: centers.get(center.hc),
      firstName: 'Bulk',
      lastName: `Patient ${i}`,
    });
    parties.patients.push(patient.id);
  }
  return parties;
}

/**
 * `count` transactions over the last two years, spread over the centers (and their teams), every
 * fifth referred by an RHC, three in four naming a patient, over five products with coupons now and
 * then. Foreign-key triggers are off while loading (session_replication_role = replica, so
 * PostgreSQL skips 8 lookups a row); the count the triggers keep is set afterwards.
 */
export async function bulkInsertTransactions(
  url: string,
  count: number,
  parties: BulkParties,
  batchSize = 250_000,
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SET session_replication_role = replica');
    const arrays = [
      parties.centers.map((c) => c.hc),
      parties.centers.map((c) => c.rep),
      parties.centers.map((c) => c.manager),
      parties.centers.map((c) => c.distributor),
      parties.referralCenters,
      parties.patients,
    ];
    for (let start = 1; start <= count; start += batchSize) {
      const end = Math.min(count, start + batchSize - 1);
      await client.query(
        `INSERT INTO transactions (created_at, buyer_user_id, harvest_center_id, referral_harvest_center_id,
           patient_id, sales_rep_id, sales_manager_id, sales_distributor_id, product_id, product_name,
           order_description, quantity, unit_price_cents, amount_cents, discount_cents, coupon_code_used,
           rep_commission_cents, manager_commission_cents, distributor_commission_cents, gateway,
           card_type, card_last4)
         SELECT now() - make_interval(secs => ((g::bigint * 7919) % (730 * 86400))::double precision),
           ($1::int[])[1 + k], ($1::int[])[1 + k],
           CASE WHEN g % 5 = 0 THEN ($5::int[])[1 + g % cardinality($5::int[])] END,
           CASE WHEN g % 4 <> 0 THEN ($6::int[])[1 + (g * 31) % cardinality($6::int[])] END,
           ($2::int[])[1 + k], ($3::int[])[1 + k], ($4::int[])[1 + k],
           p.id, p.name, p.name, 1 + g % 3, p.price_cents, p.price_cents * (1 + g % 3),
           CASE WHEN g % 50 = 0 THEN 5000 ELSE 0 END,
           CASE WHEN g % 50 = 0 THEN 'BULK' || (g % 20) ELSE '' END,
           p.price_cents / 10, p.price_cents / 20, p.price_cents / 40, 'sandbox', 'Visa', '1111'
         FROM generate_series($7::int, $8::int) AS g
         CROSS JOIN LATERAL (SELECT ((g::bigint * 104729) % cardinality($1::int[]))::int AS k) AS pick
         JOIN products p ON p.id = (ARRAY[1, 1, 2, 3, 13])[1 + g % 5]`,
        [...arrays, start, end],
      );
    }
    await client.query('RESET session_replication_role');
    // The count triggers were off with the rest: the totals are counted afresh once.
    await client.query('SELECT transaction_counts_rebuild()');
    await client.query('ANALYZE transactions');
    await client.query('ANALYZE users');
  } finally {
    await client.end();
  }
}

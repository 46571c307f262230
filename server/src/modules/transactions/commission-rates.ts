import {
  COMMISSION_LEVELS,
  type CommissionLevel,
  commissionCents,
  type TCommissionRateBody,
  type TCommissionRates,
} from '@portal/shared/commissions';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../errors/app-error.ts';
import {
  findAllProducts,
  findRateHistory,
  findRatesInForce,
  findRatesInForceOfEveryProduct,
  insertCommissionRate,
  productExists,
} from './commission-rates.repository.ts';

export type CommissionShares = {
  repCommissionCents: number;
  managerCommissionCents: number;
  distributorCommissionCents: number;
};

export type SalesTeamIds = {
  salesRepId: number | null;
  salesManagerId: number | null;
  salesDistributorId: number | null;
};

/** The rates of one product in force at `at`, by level (0 where none was ever set). */
export async function ratesInForce(
  db: Db,
  productId: number,
  at: Date,
): Promise<Record<CommissionLevel, number>> {
  const rows = await findRatesInForce(db, productId, at);
  const rates = { rep: 0, manager: 0, distributor: 0 };
  for (const row of rows) rates[row.level] = row.rate;
  return rates;
}

/**
 * The shares of a sale at the rates in force when it was made; a level nobody holds earns
 * nothing. Checkout stores them with the transaction, an admin's edit recomputes them at the
 * transaction's own date, so a later rate change never rewrites the past.
 */
export async function commissionSharesAt(
  db: Db,
  sale: { productId: number; amountCents: number; at: Date } & SalesTeamIds,
): Promise<CommissionShares> {
  const rates = await ratesInForce(db, sale.productId, sale.at);
  return {
    repCommissionCents: sale.salesRepId !== null ? commissionCents(sale.amountCents, rates.rep) : 0,
    managerCommissionCents:
      sale.salesManagerId !== null ? commissionCents(sale.amountCents, rates.manager) : 0,
    distributorCommissionCents:
      sale.salesDistributorId !== null ? commissionCents(sale.amountCents, rates.distributor) : 0,
  };
}

const RATE_HISTORY_LIMIT = 200;

/** The rates in force now for every product, and the latest changes. */
export async function listCommissionRates(db: Db, now: Date = new Date()): Promise<TCommissionRates> {
  const allProducts = await findAllProducts(db);
  const inForce = await findRatesInForceOfEveryProduct(db, now);
  const history = await findRateHistory(db, RATE_HISTORY_LIMIT);
  return {
    current: allProducts.map((product) => {
      const line = { product_id: product.id, product_name: product.name, rep: 0, manager: 0, distributor: 0 };
      for (const level of COMMISSION_LEVELS) {
        line[level] = inForce.find((r) => r.productId === product.id && r.level === level)?.rate ?? 0;
      }
      return line;
    }),
    history: history.map(({ rate, productName, createdBy }) => ({
      id: rate.id,
      product_id: rate.productId,
      product_name: productName,
      level: rate.level,
      rate_basis_points: rate.rateBasisPoints,
      effective_from: rate.effectiveFrom.toISOString(),
      created_by: createdBy,
      created_at: rate.createdAt.toISOString(),
    })),
  };
}

/** A new rate from a day (today when none is given); the rows before it stay as they were. */
export async function createCommissionRate(
  db: Db,
  body: TCommissionRateBody,
  createdByUserId: number,
): Promise<{ id: number }> {
  if (!(await productExists(db, body.product_id)))
    throw badRequest('Unknown product.', { product_id: 'Unknown product.' });
  const effectiveFrom = body.effective_from ? new Date(`${body.effective_from}T00:00:00.000Z`) : new Date();
  return insertCommissionRate(db, {
    productId: body.product_id,
    level: body.level,
    rateBasisPoints: body.rate_basis_points,
    effectiveFrom,
    createdByUserId,
  });
}

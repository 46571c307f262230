import {
  COMMISSION_LEVELS,
  type CommissionLevel,
  commissionCents,
  type TCommissionRateBody,
  type TCommissionRates,
} from '@portal/shared/commissions';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { personNameSql } from '../../db/person-name.ts';
import { users } from '../../db/schema/accounts.ts';
import { commissionRates } from '../../db/schema/commerce.ts';
import { products } from '../../db/schema/vials.ts';
import { badRequest } from '../../errors/app-error.ts';

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
  const rows = await db
    .selectDistinctOn([commissionRates.level], {
      level: commissionRates.level,
      rate: commissionRates.rateBasisPoints,
    })
    .from(commissionRates)
    .where(and(eq(commissionRates.productId, productId), lte(commissionRates.effectiveFrom, at)))
    .orderBy(commissionRates.level, desc(commissionRates.effectiveFrom), desc(commissionRates.id));
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

const creator = alias(users, 'creator');
const RATE_HISTORY_LIMIT = 200;

/** The rates in force now for every product, and the latest changes. */
export async function listCommissionRates(db: Db, now: Date = new Date()): Promise<TCommissionRates> {
  const allProducts = await db
    .select({ id: products.id, name: products.name })
    .from(products)
    .orderBy(asc(products.id));
  const inForce = await db
    .selectDistinctOn([commissionRates.productId, commissionRates.level], {
      productId: commissionRates.productId,
      level: commissionRates.level,
      rate: commissionRates.rateBasisPoints,
    })
    .from(commissionRates)
    .where(lte(commissionRates.effectiveFrom, now))
    .orderBy(
      commissionRates.productId,
      commissionRates.level,
      desc(commissionRates.effectiveFrom),
      desc(commissionRates.id),
    );
  const history = await db
    .select({
      rate: commissionRates,
      productName: products.name,
      createdBy: sql<string>`coalesce(${personNameSql(creator)}, ${creator.email}, '')`,
    })
    .from(commissionRates)
    .innerJoin(products, eq(products.id, commissionRates.productId))
    .leftJoin(creator, eq(creator.id, commissionRates.createdByUserId))
    .orderBy(desc(commissionRates.createdAt), desc(commissionRates.id))
    .limit(RATE_HISTORY_LIMIT);
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
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, body.product_id));
  if (!product) throw badRequest('Unknown product.', { product_id: 'Unknown product.' });
  const effectiveFrom = body.effective_from ? new Date(`${body.effective_from}T00:00:00.000Z`) : new Date();
  const [row] = await db
    .insert(commissionRates)
    .values({
      productId: body.product_id,
      level: body.level,
      rateBasisPoints: body.rate_basis_points,
      effectiveFrom,
      createdByUserId,
    })
    .returning({ id: commissionRates.id });
  return row;
}

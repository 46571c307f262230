import type { CommissionLevel } from '@portal/shared/commissions';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { personNameSql } from '../../db/person-name.ts';
import { users } from '../../db/schema/accounts.ts';
import { commissionRates } from '../../db/schema/commerce.ts';
import { products } from '../../db/schema/vials.ts';

export type CommissionRateRow = typeof commissionRates.$inferSelect;

/** The newest rate of each level of one product that took effect by `at`. */
export function findRatesInForce(db: Db, productId: number, at: Date) {
  return db
    .selectDistinctOn([commissionRates.level], {
      level: commissionRates.level,
      rate: commissionRates.rateBasisPoints,
    })
    .from(commissionRates)
    .where(and(eq(commissionRates.productId, productId), lte(commissionRates.effectiveFrom, at)))
    .orderBy(commissionRates.level, desc(commissionRates.effectiveFrom), desc(commissionRates.id));
}

/** The newest rate of each product and level that took effect by `at`. */
export function findRatesInForceOfEveryProduct(db: Db, at: Date) {
  return db
    .selectDistinctOn([commissionRates.productId, commissionRates.level], {
      productId: commissionRates.productId,
      level: commissionRates.level,
      rate: commissionRates.rateBasisPoints,
    })
    .from(commissionRates)
    .where(lte(commissionRates.effectiveFrom, at))
    .orderBy(
      commissionRates.productId,
      commissionRates.level,
      desc(commissionRates.effectiveFrom),
      desc(commissionRates.id),
    );
}

/** Every product, by id. */
export function findAllProducts(db: Db): Promise<{ id: number; name: string }[]> {
  return db.select({ id: products.id, name: products.name }).from(products).orderBy(asc(products.id));
}

export async function productExists(db: Db, id: number): Promise<boolean> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, id));
  return product !== undefined;
}

const creator = alias(users, 'creator');

/** The latest rate changes, newest first, with the product's name and who made each. */
export function findRateHistory(db: Db, limit: number) {
  return db
    .select({
      rate: commissionRates,
      productName: products.name,
      createdBy: sql<string>`coalesce(${personNameSql(creator)}, ${creator.email}, '')`,
    })
    .from(commissionRates)
    .innerJoin(products, eq(products.id, commissionRates.productId))
    .leftJoin(creator, eq(creator.id, commissionRates.createdByUserId))
    .orderBy(desc(commissionRates.createdAt), desc(commissionRates.id))
    .limit(limit);
}

export async function insertCommissionRate(
  db: Db,
  values: {
    productId: number;
    level: CommissionLevel;
    rateBasisPoints: number;
    effectiveFrom: Date;
    createdByUserId: number;
  },
): Promise<{ id: number }> {
  const [row] = await db.insert(commissionRates).values(values).returning({ id: commissionRates.id });
  return row;
}

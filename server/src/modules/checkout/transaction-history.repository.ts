import { PRODUCT } from '@portal/shared/products';
import { and, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { findPage, type PageRequest, totalRows } from '../../db/paging.ts';
import { users } from '../../db/schema/accounts.ts';
import { transactions } from '../../db/schema/commerce.ts';
import { documents } from '../../db/schema/documents.ts';

const patient = alias(users, 'patient');
const hc = alias(users, 'hc');
const rhc = alias(users, 'rhc');

export type HistoryScope =
  | { harvestCenterId: number }
  | { referralHarvestCenterId: number }
  | { buyerUserId: number };

function scopeCondition(scope: HistoryScope): SQL {
  if ('harvestCenterId' in scope) return eq(transactions.harvestCenterId, scope.harvestCenterId);
  if ('referralHarvestCenterId' in scope)
    return eq(transactions.referralHarvestCenterId, scope.referralHarvestCenterId);
  return eq(transactions.buyerUserId, scope.buyerUserId);
}

/**
 * A page of a center's transactions, newest first, paged in SQL on the (center, created_at) indexes,
 * with the names of the patient and the centers; `processingFeeOnly` keeps the processing-fee orders.
 */
export function findTransactionHistoryPage(
  db: Db,
  scope: HistoryScope,
  page: PageRequest,
  processingFeeOnly: boolean,
) {
  const where = and(
    scopeCondition(scope),
    processingFeeOnly ? eq(transactions.productId, PRODUCT.processingFee) : undefined,
  );
  return findPage(
    () =>
      db
        .select({
          t: transactions,
          patientFirst: patient.firstName,
          patientLast: patient.lastName,
          hcCompany: hc.company,
          rhcCompany: rhc.company,
          totalRows,
        })
        .from(transactions)
        .leftJoin(patient, eq(patient.id, transactions.patientId))
        .leftJoin(hc, eq(hc.id, transactions.harvestCenterId))
        .leftJoin(rhc, eq(rhc.id, transactions.referralHarvestCenterId))
        .where(where)
        .orderBy(desc(transactions.createdAt), desc(transactions.id)),
    page,
  );
}

/** The agreements of some patients that are not voided, for the history rows. */
export async function findPatientAgreements(db: Db, patientIds: readonly number[]) {
  if (patientIds.length === 0) return [];
  return db
    .select({
      id: documents.id,
      name: documents.name,
      status: documents.status,
      documentId: documents.documentId,
      patientId: documents.patientId,
    })
    .from(documents)
    .where(and(inArray(documents.patientId, [...patientIds]), ne(documents.status, 'Voided')));
}

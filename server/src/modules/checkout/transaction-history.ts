import type { TTransactionHistoryRow } from '@portal/shared/checkout';
import { centsToDecimalString, PRODUCT } from '@portal/shared/products';
import { and, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { findPage, type PageRequest, totalRows } from '../../db/paging.ts';
import { users } from '../../db/schema/accounts.ts';
import { transactions } from '../../db/schema/commerce.ts';
import { documents } from '../../db/schema/documents.ts';
import type { LabelRequestsOf } from './checkout-deps.ts';

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

export function receiptUrl(transactionId: number): string {
  return `/api/v1/transactions/${transactionId}/receipt/`;
}

/**
 * A center's transactions, newest first, paged in SQL on the (center, created_at) indexes;
 * `processingFeeOnly` keeps the processing-fee orders (the HC history and the label requests).
 */
export async function listTransactionHistory(
  db: Db,
  scope: HistoryScope,
  page: PageRequest,
  options: { processingFeeOnly: boolean; labelRequestsOf: LabelRequestsOf },
): Promise<{ count: number; results: TTransactionHistoryRow[] }> {
  const where = and(
    scopeCondition(scope),
    options.processingFeeOnly ? eq(transactions.productId, PRODUCT.processingFee) : undefined,
  );
  const result = await findPage(
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
  const patientIds = [
    ...new Set(result.rows.map((r) => r.t.patientId).filter((id): id is number => id !== null)),
  ];
  const docs = patientIds.length
    ? await db
        .select({
          id: documents.id,
          name: documents.name,
          status: documents.status,
          documentId: documents.documentId,
          patientId: documents.patientId,
        })
        .from(documents)
        .where(and(inArray(documents.patientId, patientIds), ne(documents.status, 'Voided')))
    : [];
  const labels = await options.labelRequestsOf(result.rows.map((r) => r.t.id));
  return {
    count: result.count,
    results: result.rows.map(({ t, patientFirst, patientLast, hcCompany, rhcCompany }) => ({
      id: t.id,
      invoice_id: t.invoiceId,
      date: t.createdAt.toISOString(),
      product: [{ id: t.productId, name: t.productName }],
      quantity: t.quantity,
      amount: centsToDecimalString(t.amountCents),
      amount_cents: t.amountCents,
      coupon_code_used: t.couponCodeUsed,
      coupon_code_amount: centsToDecimalString(t.discountCents),
      card_type: t.cardType,
      card_last4: t.cardLast4,
      patient:
        t.patientId !== null
          ? [{ id: t.patientId, first_name: patientFirst ?? '', last_name: patientLast ?? '' }]
          : [],
      harvest_center: t.harvestCenterId !== null ? { id: t.harvestCenterId, company: hcCompany ?? '' } : null,
      referral_harvest_center:
        t.referralHarvestCenterId !== null
          ? { id: t.referralHarvestCenterId, company: rhcCompany ?? '' }
          : null,
      patient_documents: docs
        .filter((d) => d.patientId === t.patientId)
        .map((d) => ({ id: d.id, name: d.name, status: d.status, document_id: d.documentId })),
      fedex_request: labels.get(t.id) ?? null,
      receipt_url: receiptUrl(t.id),
    })),
  };
}

export async function findTransaction(db: Db, id: number) {
  const [row] = await db.select().from(transactions).where(eq(transactions.id, id));
  return row ?? null;
}

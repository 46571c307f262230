import type { TTransactionHistoryRow } from '@portal/shared/checkout';
import { centsToDecimalString } from '@portal/shared/products';
import type { Db } from '../../db/client.ts';
import type { PageRequest } from '../../db/paging.ts';
import {
  findPatientAgreements,
  findTransactionHistoryPage,
  type HistoryScope,
} from './transaction-history.repository.ts';

export type { HistoryScope } from './transaction-history.repository.ts';

/** A history row as this module knows it: the label request (shipping-labels) is added by its flow. */
export type TransactionHistoryRow = Omit<TTransactionHistoryRow, 'fedex_request'>;

export function receiptUrl(transactionId: number): string {
  return `/api/v1/transactions/${transactionId}/receipt/`;
}

/**
 * A center's transactions, newest first, with each patient's agreements; `processingFeeOnly` keeps
 * the processing-fee orders (the HC history and the label requests).
 */
export async function listTransactionHistory(
  db: Db,
  scope: HistoryScope,
  page: PageRequest,
  options: { processingFeeOnly: boolean },
): Promise<{ count: number; results: TransactionHistoryRow[] }> {
  const result = await findTransactionHistoryPage(db, scope, page, options.processingFeeOnly);
  const patientIds = [
    ...new Set(result.rows.map((r) => r.t.patientId).filter((id): id is number => id !== null)),
  ];
  const agreements = await findPatientAgreements(db, patientIds);
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
      patient_documents: agreements
        .filter((d) => d.patientId === t.patientId)
        .map((d) => ({ id: d.id, name: d.name, status: d.status, document_id: d.documentId })),
      receipt_url: receiptUrl(t.id),
    })),
  };
}

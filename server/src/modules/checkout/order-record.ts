import type { TCheckoutOrder, TCheckoutResponse } from '@portal/shared/checkout';
import type { Db } from '../../db/client.ts';
import type { ChargeResult } from '../../payment-gateways/payment-gateway.ts';
import { insertTransaction, type TransactionRow } from './checkout.repository.ts';
import type { CheckoutAnswer } from './checkout-attempts.ts';
import { CHECKOUT_MESSAGES, type PreparedOrder } from './prepare-order.ts';

export type ApprovedCharge = Extract<ChargeResult, { approved: true }>;

/** The commission shares of the sale (the transactions module's rates at the time of the order). */
export type CommissionShares = {
  repCommissionCents: number;
  managerCommissionCents: number;
  distributorCommissionCents: number;
};

/**
 * Writes the paid order's transaction: the server's price, the parties, the card as charged (no
 * charge when the order costs nothing). `db` is the order's database transaction.
 */
export function recordOrderTransaction(
  db: Db,
  input: {
    prepared: PreparedOrder;
    order: TCheckoutOrder;
    patientId: number | null;
    shares: CommissionShares;
    createdAt: Date;
    charge: { gateway: string; approved: ApprovedCharge } | null;
  },
): Promise<TransactionRow> {
  const { prepared, order, charge } = input;
  return insertTransaction(db, {
    ...input.shares,
    createdAt: input.createdAt,
    buyerUserId: prepared.buyer.userId,
    hcStaffId: prepared.buyer.hcStaffId,
    harvestCenterId: prepared.harvestCenterId,
    referralHarvestCenterId: prepared.referralHarvestCenterId,
    patientId: input.patientId,
    salesRepId: prepared.team.salesRepId,
    salesManagerId: prepared.team.salesManagerId,
    salesDistributorId: prepared.team.salesDistributorId,
    productId: prepared.product.id,
    productName: prepared.product.name,
    orderDescription: prepared.description,
    quantity: order.product_quantity,
    unitPriceCents: prepared.product.priceCents,
    shippingFeeCents: prepared.totals.shippingFeeCents,
    harvestFeeCents: prepared.totals.harvestFeeCents,
    discountCents: prepared.totals.discountCents,
    amountCents: prepared.totals.totalCents,
    couponId: prepared.couponId,
    couponCodeUsed: prepared.couponCode,
    shippingDate: prepared.ships ? order.shipping_date : null,
    hcEmail: order.harvest_center_email,
    billingEmail: order.harvest_center_billing_email,
    phone: order.harvest_center_phone,
    billingAddress: order.addressInfo,
    shippingAddress: prepared.ships ? order.shippingInfo : null,
    gateway: charge?.gateway ?? '',
    gatewayTransactionId: charge?.approved.gatewayTransactionId ?? '',
    cardType: charge ? String(charge.approved.card.brand) : '',
    cardLast4: charge?.approved.card.last4 ?? '',
  });
}

/** The answer to a paid order; `newPatientId` when the order created the patient. */
export function paidAnswer(row: TransactionRow, newPatientId: number | null): CheckoutAnswer {
  return {
    status: 200,
    body: {
      code: 'success',
      message: CHECKOUT_MESSAGES.success,
      error_message: '',
      transaction_id: row.id,
      invoice_id: row.invoiceId,
      total_amount_cents: row.amountCents,
      patient_id: newPatientId,
    },
  };
}

/** The answer to a declined card: the gateway's reason, no transaction. */
export function declinedAnswer(reason: string, title: string): CheckoutAnswer {
  const body: TCheckoutResponse = {
    code: 'error',
    message: title,
    error_message: reason,
    transaction_id: null,
    invoice_id: null,
    total_amount_cents: null,
    patient_id: null,
  };
  return { status: 402, body };
}

import type { TTransactionHistoryRow } from '@portal/shared/checkout';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentGateway } from '../../payment-gateways/payment-gateway.ts';
import type { FileStorage } from '../../storage/file-storage.ts';

export type CheckoutOrigin = { ip: string | null; userAgent: string | null };

/**
 * Sends the patient's three agreements for signature inside the checkout's transaction (`tx`). The
 * documents module provides it; app.ts wires it (a domain module does not import another).
 */
export type RequestPatientAgreements = (
  tx: Db,
  actor: Actor,
  request: { harvestCenterId: number; patientId: number; name: string; email: string },
  origin: CheckoutOrigin,
) => Promise<void>;

/** The commission shares of a sale at the rates in force at `at` (the transactions module's rates). */
export type CommissionSharesAt = (
  tx: Db,
  sale: {
    productId: number;
    amountCents: number;
    at: Date;
    salesRepId: number | null;
    salesManagerId: number | null;
    salesDistributorId: number | null;
  },
) => Promise<{
  repCommissionCents: number;
  managerCommissionCents: number;
  distributorCommissionCents: number;
}>;

/** The label requests of some transactions (the shipping-labels module's), for the history rows. */
export type LabelRequestsOf = (
  transactionIds: readonly number[],
) => Promise<Map<number, NonNullable<TTransactionHistoryRow['fedex_request']>>>;

export type CheckoutDeps = {
  db: Db;
  gateway: PaymentGateway;
  storage: FileStorage;
  publicUrl: string;
  requestPatientAgreements: RequestPatientAgreements;
  commissionSharesAt: CommissionSharesAt;
  labelRequestsOf: LabelRequestsOf;
  /** Sends queued mail now rather than at the worker's next poll. */
  wakeMail(): void;
  log: { error(obj: unknown, msg: string): void };
};

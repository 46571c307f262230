/*
 * The steps of placing an order (place-order.ts lists them in order): each calls the modules'
 * services, and each that leaves something behind (a claimed key, a coupon use, a charge, files)
 * says how to take it back.
 */

import { CHECKOUT_TEXTS, type TCheckoutOrder } from '@portal/shared/checkout';
import { type AuditIdentity, identityOf } from '../../audit-chain/audit-log.ts';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import { type Buyer, requireBuyer } from '../../modules/accounts/buyers.ts';
import { createPatient } from '../../modules/accounts/create-patient.ts';
import {
  type CheckoutAnswer,
  claimCheckoutAttempt,
  finishCheckoutAttempt,
  forgetCheckoutAttempt,
  releaseCouponUse,
  reserveCouponUse,
} from '../../modules/checkout/checkout-attempts.ts';
import { declinedAnswer, paidAnswer, recordOrderTransaction } from '../../modules/checkout/order-record.ts';
import {
  CHECKOUT_MESSAGES,
  type CheckoutChannel,
  type CheckoutOrigin,
  checkoutReference,
  type PreparedOrder,
  prepareOrder,
} from '../../modules/checkout/prepare-order.ts';
import { storeAndMailReceipt } from '../../modules/checkout/receipt-file.ts';
import type { DocumentsDeps } from '../../modules/documents/documents-deps.ts';
import {
  discardAgreements,
  type PreparedAgreements,
  prepareAgreementsOnBehalfOfCenter,
  recordAgreements,
} from '../../modules/documents/send-documents.ts';
import { commissionSharesAt } from '../../modules/transactions/commission-rates.ts';
import {
  type ChargeResult,
  type PaymentGateway,
  PaymentGatewayUnavailableError,
} from '../../payment-gateways/payment-gateway.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { type FlowLog, step } from '../steps.ts';

export type PlaceOrderDeps = {
  db: Db;
  gateway: PaymentGateway;
  storage: FileStorage;
  publicUrl: string;
  /** The documents module's: the agreements a referral's new patient is asked to sign. */
  documents: DocumentsDeps;
  /** Sends queued mail now rather than at the worker's next poll. */
  wakeMail(): void;
  log: FlowLog;
};

/** What every step after the claim knows: the flow's dependencies and the attempt that holds the key. */
export type Attempt = { deps: PlaceOrderDeps; attemptId: number };

export const findBuyer = step('find the buyer', (input: { db: Db; actor: Actor }) =>
  requireBuyer(input.db, input.actor),
);

export const claimOrderKey = step(
  'claim the order key',
  (input: { db: Db; userId: number; order: TCheckoutOrder }) =>
    claimCheckoutAttempt(input.db, input.userId, input.order),
  async (claim, input) => {
    if ('attemptId' in claim) await forgetCheckoutAttempt(input.db, claim.attemptId);
  },
);

export const checkOrder = step(
  'check the order',
  (input: { db: Db; buyer: Buyer; order: TCheckoutOrder; channel: CheckoutChannel; by: AuditIdentity }) =>
    prepareOrder(input.db, input.buyer, input.order, input.channel, input.by),
);

export const reserveCoupon = step(
  'reserve the coupon use',
  (input: Attempt & { couponId: number }) => reserveCouponUse(input.deps.db, input.attemptId, input.couponId),
  (_reserved, input) => releaseCouponUse(input.deps.db, input.attemptId),
);

export const chargeCard = step(
  'charge the card',
  async (input: Attempt & { prepared: PreparedOrder; order: TCheckoutOrder }): Promise<ChargeResult> => {
    const { deps, prepared, order } = input;
    if (!prepared.source) throw new Error('An order that costs nothing is not charged');
    try {
      return await deps.gateway.charge({
        amountCents: prepared.totals.totalCents,
        // No invoice number yet (one is given only once paid): the attempt names the order.
        orderReference: checkoutReference(input.attemptId),
        description: prepared.description,
        source: prepared.source,
        customerEmail: order.harvest_center_billing_email || prepared.contact?.email,
        billTo: {
          company: order.addressInfo.company,
          address: order.addressInfo.address1,
          city: order.addressInfo.city,
          state: order.addressInfo.state,
          zip: order.addressInfo.zip_code,
          country: order.addressInfo.country_desc,
        },
      });
    } catch (error) {
      if (!(error instanceof PaymentGatewayUnavailableError)) throw error;
      deps.log.error({ err: error }, 'payment gateway unavailable');
      throw new AppError(503, CHECKOUT_MESSAGES.unavailable);
    }
  },
  // Never a charge without its record.
  async (charge, { deps }) => {
    if (!charge.approved) return;
    await deps.gateway.voidCharge(charge.gatewayTransactionId).catch((error) => {
      deps.log.error(
        { err: error, gatewayTransactionId: charge.gatewayTransactionId },
        'voiding a charge failed',
      );
    });
  },
);

export const keepDecline = step('keep the declined answer', async (input: Attempt & { reason: string }) => {
  await releaseCouponUse(input.deps.db, input.attemptId);
  const answer = declinedAnswer(input.reason, CHECKOUT_TEXTS.declinedTitle);
  await finishCheckoutAttempt(input.deps.db, input.attemptId, 'declined', answer);
  return answer;
});

/**
 * A failure after the charge that is not the buyer's (a database or storage error) is answered as
 * "could not be recorded": the undos have voided the charge and given the coupon use back.
 */
function recordFailure({ deps, attemptId }: Attempt) {
  return (error: unknown): never => {
    if (error instanceof AppError) throw error;
    deps.log.error(
      { err: error, orderReference: checkoutReference(attemptId) },
      'recording a paid order failed',
    );
    throw new AppError(500, CHECKOUT_MESSAGES.recordFailed);
  };
}

export const prepareNewPatientAgreements = step(
  "prepare the new patient's agreements",
  (input: Attempt & { harvestCenterId: number; signer: { name: string; email: string } }) =>
    prepareAgreementsOnBehalfOfCenter(input.deps.documents, input.harvestCenterId, input.signer).catch(
      recordFailure(input),
    ),
  (prepared, input) => discardAgreements(input.deps.documents, prepared),
);

export type RecordedOrder = {
  row: Awaited<ReturnType<typeof recordOrderTransaction>>;
  answer: CheckoutAnswer;
  patientName: string | null;
};

/**
 * The one database transaction of the order: the referral's new patient and its agreements, the
 * commission shares at today's rates, the transaction (its invoice number the last one plus one:
 * numbers without gaps, given on success only), and the attempt's answer for a repeated key.
 */
export const recordOrder = step(
  'record the order',
  (
    input: Attempt & {
      actor: Actor;
      order: TCheckoutOrder;
      prepared: PreparedOrder;
      charge: ChargeResult | null;
      agreements: PreparedAgreements | null;
      origin: CheckoutOrigin;
    },
  ) => {
    const { deps, actor, order, prepared, agreements, origin } = input;
    const createdAt = new Date();
    const recording = deps.db.transaction(async (tx) => {
      let patient = prepared.patient;
      let newPatientId: number | null = null;
      if (order.create_patient && prepared.harvestCenterId !== null) {
        const created = await createPatient(
          tx,
          {
            email: order.email,
            firstName: order.first_name,
            lastName: order.last_name,
            phoneNumber: order.phone_number,
            harvestCenterId: prepared.harvestCenterId,
            referralHarvestCenterId: prepared.referralHarvestCenterId,
          },
          { publicUrl: deps.publicUrl, by: identityOf(actor, origin) },
        );
        newPatientId = created.patient.id;
        patient = { id: created.patient.id, name: `${order.first_name} ${order.last_name}` };
        if (agreements) {
          const { id, email } = created.patient;
          await recordAgreements(
            { ...deps.documents, db: tx },
            actor,
            agreements,
            { id, email, name: patient.name },
            origin,
          );
        }
      }
      const shares = await commissionSharesAt(tx, {
        productId: prepared.product.id,
        amountCents: prepared.totals.totalCents,
        at: createdAt,
        ...prepared.team,
      });
      const approved = input.charge?.approved ? input.charge : null;
      const row = await recordOrderTransaction(tx, {
        prepared,
        order,
        patientId: patient?.id ?? null,
        shares,
        createdAt,
        charge: approved && { gateway: deps.gateway.name, approved },
      });
      const answer = paidAnswer(row, newPatientId);
      await finishCheckoutAttempt(tx, input.attemptId, 'succeeded', answer, row.id);
      const recorded: RecordedOrder = { row, answer, patientName: patient?.name ?? null };
      return recorded;
    });
    return recording.catch(recordFailure(input));
  },
);

export const sendReceipt = step(
  'store and mail the receipt',
  (input: { deps: PlaceOrderDeps; recorded: RecordedOrder; prepared: PreparedOrder }) =>
    storeAndMailReceipt(input.deps, {
      row: input.recorded.row,
      buyer: input.prepared.contact,
      patientName: input.recorded.patientName,
    }),
);

export const wakeMailWorker = step('wake the mail worker', async (deps: PlaceOrderDeps) => deps.wakeMail());

import { EMAIL_TAKEN_MESSAGE } from '@portal/shared/account-email';
import {
  CHECKOUT_TEXTS,
  computeCheckoutTotals,
  ORDER_DESCRIPTIONS,
  productNeedsPatient,
  productShips,
  type TCheckoutOrder,
  type TCheckoutResponse,
} from '@portal/shared/checkout';
import {
  COUPON_CHECKS_LIMITED,
  COUPON_CHECKS_PER_MINUTE,
  COUPON_REJECTIONS,
  couponRejection,
} from '@portal/shared/coupons';
import { PRODUCT } from '@portal/shared/products';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { transactions } from '../../db/schema/commerce.ts';
import { AppError, badRequest, conflict, forbidden } from '../../errors/app-error.ts';
import { enqueueMail } from '../../mail-delivery/outbox.ts';
import {
  type ChargeResult,
  PaymentGatewayUnavailableError,
  type PaymentSource,
} from '../../payment-gateways/payment-gateway.ts';
import { cpuPool } from '../../workers/cpu-pool.ts';
import {
  accountContact,
  type Buyer,
  harvestCenterOfOrder,
  requireBuyer,
  salesTeamOf,
} from '../accounts/buyers.ts';
import { centerLogoBytes } from '../accounts/center-logo.ts';
import { createPatient } from '../accounts/create-patient.ts';
import {
  countRecentUnknownCouponCodes,
  emailTaken,
  findCouponForOrder,
  findPatientForOrder,
  findProduct,
  findSavedCard,
  noteUnknownCouponCode,
} from './checkout.repository.ts';
import {
  type CheckoutAnswer,
  claimCheckoutAttempt,
  finishCheckoutAttempt,
  forgetCheckoutAttempt,
  releaseCouponUse,
  reserveCouponUse,
} from './checkout-attempts.ts';
import type { CheckoutDeps, CheckoutOrigin } from './checkout-deps.ts';
import { RECEIPT_PDF_TASK, receiptFactsOf } from './receipt-file.ts';
import { receiptKey } from './receipts.ts';

/** Which door the order came through: the centers' checkouts, the referral with a new patient, a patient's own. */
export type CheckoutChannel = 'center' | 'referral-patient' | 'patient-self';

export const CHECKOUT_MESSAGES = {
  unavailable: 'The payment service is not available right now. Nothing was charged; please try again.',
  notYourPatient: 'This patient is not one of your patients.',
  chooseHarvestCenter: 'Choose one of your harvest centers.',
  noSuchProduct: 'This product does not exist.',
  onlyVials: 'Patients order vials (product 2) here.',
  harvestFeeOnlyReferral: 'The harvest fee is paid with a referral processing fee.',
  useCreatePatient: 'Orders that create a patient go to create-patient-transaction/.',
  createPatientRequired: 'This checkout creates a patient: turn on Create Patient Account.',
  patientOnlyWithProcessingFee: "A new patient's account is created with the processing fee only.",
  savedCardMissing: 'This payment method is not saved on your account.',
  recordFailed:
    'The payment could not be recorded, so it was cancelled. Nothing was charged; please try again.',
  success: 'Your payment has been processed.',
} as const;

/** A validated order, ready to charge. */
type PreparedOrder = {
  /** Shipping chosen ('yes') for a product that ships: only then are a shipping address and date kept. */
  ships: boolean;
  buyer: Buyer;
  product: NonNullable<Awaited<ReturnType<typeof findProduct>>>;
  harvestCenterId: number | null;
  referralHarvestCenterId: number | null;
  patient: { id: number; name: string } | null;
  couponId: number | null;
  /** The coupon's code as stored (upper case), kept on the transaction. */
  couponCode: string;
  totals: ReturnType<typeof computeCheckoutTotals>;
  source: PaymentSource | null;
};

function fail(status: 402, message: string, errorMessage: string): CheckoutAnswer {
  const body: TCheckoutResponse = {
    code: 'error',
    message,
    error_message: errorMessage,
    transaction_id: null,
    invoice_id: null,
    total_amount_cents: null,
    patient_id: null,
  };
  return { status, body };
}

/** Everything that can be refused before money moves: product, patient, centers, sales rep, coupon, price, card. */
async function prepareOrder(
  db: Db,
  buyer: Buyer,
  order: TCheckoutOrder,
  channel: CheckoutChannel,
  origin: CheckoutOrigin,
): Promise<PreparedOrder> {
  if (channel === 'patient-self') {
    if (buyer.kind !== 'patient') throw forbidden();
    if (order.product_id !== PRODUCT.vials)
      throw badRequest(CHECKOUT_MESSAGES.onlyVials, { product_id: CHECKOUT_MESSAGES.onlyVials });
    if (order.create_patient) throw badRequest(CHECKOUT_MESSAGES.useCreatePatient);
    order = { ...order, patient_id: buyer.userId };
  } else if (buyer.kind === 'patient') {
    throw forbidden();
  }
  if (channel === 'center' && order.create_patient) throw badRequest(CHECKOUT_MESSAGES.useCreatePatient);
  if (channel === 'referral-patient' && !order.create_patient)
    throw badRequest(CHECKOUT_MESSAGES.createPatientRequired);

  const product = await findProduct(db, order.product_id);
  if (!product)
    throw badRequest(CHECKOUT_MESSAGES.noSuchProduct, { product_id: CHECKOUT_MESSAGES.noSuchProduct });
  // The referral form's patient comes with its processing fee, not with whatever is cheapest.
  if (order.create_patient && product.id !== PRODUCT.processingFee) {
    throw badRequest(CHECKOUT_MESSAGES.patientOnlyWithProcessingFee, {
      product_id: CHECKOUT_MESSAGES.patientOnlyWithProcessingFee,
    });
  }
  const ships = order.shipping_fee === 'yes' && productShips(product.id);

  const team = await salesTeamOf(db, buyer.userId);
  if (team.salesRepId === null) throw badRequest(CHECKOUT_TEXTS.noSalesRep);

  const harvestCenterId = await harvestCenterOfOrder(db, buyer, order.harvest_center_temporal);
  const referralHarvestCenterId = buyer.kind === 'referral-center' ? buyer.userId : null;
  if (
    buyer.kind === 'referral-center' &&
    order.harvest_center_temporal !== null &&
    harvestCenterId === null
  ) {
    throw badRequest(CHECKOUT_MESSAGES.chooseHarvestCenter, {
      harvest_center_temporal: CHECKOUT_MESSAGES.chooseHarvestCenter,
    });
  }
  if (order.create_patient && harvestCenterId === null) {
    throw badRequest(CHECKOUT_MESSAGES.chooseHarvestCenter, {
      harvest_center_temporal: CHECKOUT_MESSAGES.chooseHarvestCenter,
    });
  }
  if (order.harvest_fee && !(buyer.kind === 'referral-center' && product.id === PRODUCT.processingFee)) {
    throw badRequest(CHECKOUT_MESSAGES.harvestFeeOnlyReferral, {
      harvest_fee: CHECKOUT_MESSAGES.harvestFeeOnlyReferral,
    });
  }

  let patient: PreparedOrder['patient'] = null;
  if (order.patient_id !== null && !order.create_patient) {
    const found = await findPatientForOrder(db, order.patient_id);
    const mine =
      found &&
      (buyer.kind === 'patient'
        ? found.id === buyer.userId
        : buyer.kind === 'harvest-center'
          ? found.harvestCenterId === buyer.userId
          : found.referralHarvestCenterId === buyer.userId);
    if (!found || !mine)
      throw badRequest(CHECKOUT_MESSAGES.notYourPatient, { patient_id: CHECKOUT_MESSAGES.notYourPatient });
    patient = { id: found.id, name: `${found.firstName} ${found.lastName}`.trim() };
  }
  if (productNeedsPatient(product.id) && patient === null && !order.create_patient) {
    throw badRequest(CHECKOUT_TEXTS.selectPatient, { patient_id: CHECKOUT_TEXTS.selectPatient });
  }
  if (order.create_patient && (await emailTaken(db, order.email))) {
    throw badRequest(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
  }

  let couponId: number | null = null;
  let couponCode = '';
  let couponDiscountCents = 0;
  if (order.coupon_code) {
    if ((await countRecentUnknownCouponCodes(db, buyer.userId, 60_000)) >= COUPON_CHECKS_PER_MINUTE) {
      throw new AppError(429, COUPON_CHECKS_LIMITED);
    }
    const coupon = await findCouponForOrder(db, order.coupon_code);
    if (!coupon) await noteUnknownCouponCode(db, buyer.userId, origin.ip);
    const rejection = couponRejection(
      coupon && {
        status: coupon.status,
        maxUseNumber: coupon.maxUseNumber,
        usedNumber: coupon.usedNumber,
        productIds: coupon.productIds,
        harvestCenterId: coupon.harvestCenterId,
      },
      { productId: product.id, harvestCenterId },
    );
    if (!coupon || rejection) throw badRequest(rejection ?? '', { coupon_code: rejection ?? '' });
    couponId = coupon.id;
    couponCode = coupon.code;
    couponDiscountCents = coupon.discountAmountCents;
  }

  // The server's price, from the product table: the browser's amounts are never charged.
  const totals = computeCheckoutTotals({
    unitPriceCents: product.priceCents,
    quantity: order.product_quantity,
    productShippingFeeCents: product.shippingFeeCents,
    shipping: ships,
    harvestFee: order.harvest_fee,
    couponDiscountCents,
  });
  if (order.total_amount_cents !== undefined && order.total_amount_cents !== totals.totalCents) {
    throw conflict(CHECKOUT_TEXTS.priceChanged);
  }

  let source: PaymentSource | null = null;
  if (totals.totalCents > 0) {
    if (order.auth_customer_payment_profile_id) {
      const card = await findSavedCard(db, buyer.userId, order.auth_customer_payment_profile_id);
      if (!card)
        throw badRequest(CHECKOUT_MESSAGES.savedCardMissing, {
          credit_card: CHECKOUT_MESSAGES.savedCardMissing,
        });
      source = {
        kind: 'profile',
        customerProfileId: card.customerProfileId,
        paymentProfileId: card.paymentProfileId,
      };
    } else if (order.credit_card) {
      source = {
        kind: 'token',
        opaqueData: order.credit_card.opaque_data,
        cardHolder: order.credit_card.full_name,
      };
    } else {
      throw badRequest(CHECKOUT_TEXTS.choosePayment, { credit_card: CHECKOUT_TEXTS.choosePayment });
    }
  }
  return {
    ships,
    buyer,
    product,
    harvestCenterId,
    referralHarvestCenterId,
    patient,
    couponId,
    couponCode,
    totals,
    source,
  };
}

/** What the card processor is told about an order before it has an invoice number. */
function checkoutReference(attemptId: number): string {
  return `order-${attemptId}`;
}

function orderDescription(order: TCheckoutOrder, productId: number, productName: string): string {
  if (order.order_description) return order.order_description;
  if (productId === PRODUCT.processingFee) return ORDER_DESCRIPTIONS.processingFee;
  if (productId === PRODUCT.referralHarvestFee) return ORDER_DESCRIPTIONS.referralHarvestFee;
  return productName;
}

/**
 * The one checkout operation (part 2 §4): validate, claim the idempotency key, reserve the coupon
 * use, charge, then in one transaction write the transaction (its invoice number is the last one
 * plus one, taken by that insert: numbers without gaps, given on success only), create the
 * patient and request the agreements when asked, and queue the receipt. A decline leaves no
 * transaction and uses no number and gives the coupon use back; a record that cannot be written
 * voids the charge.
 */
export async function placeCheckoutOrder(
  deps: CheckoutDeps,
  actor: Actor,
  order: TCheckoutOrder,
  channel: CheckoutChannel,
  origin: CheckoutOrigin,
): Promise<CheckoutAnswer> {
  const { db, gateway } = deps;
  const buyer = await requireBuyer(db, actor);
  const claim = await claimCheckoutAttempt(db, buyer.userId, order);
  if ('replay' in claim) return claim.replay;
  const { attemptId } = claim;

  let prepared: PreparedOrder;
  try {
    prepared = await prepareOrder(db, buyer, order, channel, origin);
    if (prepared.couponId !== null && !(await reserveCouponUse(db, attemptId, prepared.couponId))) {
      const message = COUPON_REJECTIONS.usedUp;
      throw badRequest(message, { coupon_code: message });
    }
  } catch (error) {
    await forgetCheckoutAttempt(db, attemptId);
    throw error;
  }

  const contact = await accountContact(db, buyer.userId);
  let charge: ChargeResult | null = null;
  if (prepared.source) {
    try {
      charge = await gateway.charge({
        amountCents: prepared.totals.totalCents,
        // No invoice number yet (one is given only once paid): the attempt names the order.
        orderReference: checkoutReference(attemptId),
        description: orderDescription(order, prepared.product.id, prepared.product.name),
        source: prepared.source,
        customerEmail: order.harvest_center_billing_email || contact?.email,
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
      await releaseCouponUse(db, attemptId);
      await forgetCheckoutAttempt(db, attemptId);
      if (error instanceof PaymentGatewayUnavailableError) {
        deps.log.error({ err: error }, 'payment gateway unavailable');
        throw new AppError(503, CHECKOUT_MESSAGES.unavailable);
      }
      throw error;
    }
    if (!charge.approved) {
      await releaseCouponUse(db, attemptId);
      const answer = fail(402, CHECKOUT_TEXTS.declinedTitle, charge.message);
      await finishCheckoutAttempt(db, attemptId, 'declined', answer);
      return answer;
    }
  }

  const team = await salesTeamOf(db, buyer.userId);
  const approved = charge?.approved ? charge : null;
  const description = orderDescription(order, prepared.product.id, prepared.product.name);
  const createdAt = new Date();
  /** The receipt written to the file storage, removed again if the record is not committed. */
  let storedReceiptKey: string | null = null;
  try {
    const answer = await db.transaction(async (tx) => {
      let patient = prepared.patient;
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
          {
            publicUrl: deps.publicUrl,
            ip: origin.ip ?? '',
            actorUserId: actor.session.actorUserId ?? actor.id,
          },
        );
        patient = { id: created.patient.id, name: `${order.first_name} ${order.last_name}` };
        if (order.required_signature) {
          await deps.requestPatientAgreements(
            tx,
            actor,
            {
              harvestCenterId: prepared.harvestCenterId,
              patientId: created.patient.id,
              name: patient.name,
              email: order.email,
            },
            origin,
          );
        }
      }
      const shares = await deps.commissionSharesAt(tx, {
        productId: prepared.product.id,
        amountCents: prepared.totals.totalCents,
        at: createdAt,
        ...team,
      });
      const [row] = await tx
        .insert(transactions)
        .values({
          ...shares,
          createdAt,
          buyerUserId: buyer.userId,
          hcStaffId: buyer.hcStaffId,
          harvestCenterId: prepared.harvestCenterId,
          referralHarvestCenterId: prepared.referralHarvestCenterId,
          patientId: patient?.id ?? null,
          salesRepId: team.salesRepId,
          salesManagerId: team.salesManagerId,
          salesDistributorId: team.salesDistributorId,
          productId: prepared.product.id,
          productName: prepared.product.name,
          orderDescription: description,
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
          gateway: approved ? gateway.name : '',
          gatewayTransactionId: approved?.gatewayTransactionId ?? '',
          cardType: approved ? String(approved.card.brand) : '',
          cardLast4: approved?.card.last4 ?? '',
        })
        .returning();
      const facts = receiptFactsOf(row, contact, patient?.name ?? null);
      const logoPng = await centerLogoBytes(tx, deps.storage, row.harvestCenterId);
      // Waits for a pool thread rather than refusing: the card is charged already.
      const receipt = await cpuPool.run(RECEIPT_PDF_TASK, { facts, logoPng }, { whenBusy: 'wait' });
      const receiptKeyOfRow = receiptKey(row.invoiceId);
      await deps.storage.put(receiptKeyOfRow, receipt, { contentType: 'application/pdf' });
      storedReceiptKey = receiptKeyOfRow;
      if (facts.buyerEmail) {
        await enqueueMail(tx, {
          to: facts.buyerEmail,
          subject: `Your receipt, invoice ${row.invoiceId}`,
          text: `Hello ${facts.buyerName},\n\nThank you for your purchase: ${description}. The receipt for invoice ${row.invoiceId} is attached.\n\nPortal`,
          attachments: [
            {
              filename: `receipt-${row.invoiceId}.pdf`,
              storageKey: receiptKeyOfRow,
              contentType: 'application/pdf',
            },
          ],
        });
      }
      const success: CheckoutAnswer = {
        status: 200,
        body: {
          code: 'success',
          message: CHECKOUT_MESSAGES.success,
          error_message: '',
          transaction_id: row.id,
          invoice_id: row.invoiceId,
          total_amount_cents: prepared.totals.totalCents,
          patient_id: order.create_patient ? (patient?.id ?? null) : null,
        },
      };
      await finishCheckoutAttempt(tx, attemptId, 'succeeded', success, row.id);
      return success;
    });
    deps.wakeMail();
    return answer;
  } catch (error) {
    // Never a charge without its record: the charge is voided and the coupon use given back.
    const orphan = storedReceiptKey;
    if (orphan !== null) await deps.storage.delete(orphan).catch(() => {});
    if (approved) {
      await gateway
        .voidCharge(approved.gatewayTransactionId)
        .catch((voidError) =>
          deps.log.error(
            { err: voidError, gatewayTransactionId: approved.gatewayTransactionId },
            'voiding a charge failed',
          ),
        );
    }
    await releaseCouponUse(db, attemptId);
    await forgetCheckoutAttempt(db, attemptId);
    if (error instanceof AppError) throw error;
    deps.log.error(
      { err: error, orderReference: checkoutReference(attemptId) },
      'recording a paid order failed',
    );
    throw new AppError(500, CHECKOUT_MESSAGES.recordFailed);
  }
}

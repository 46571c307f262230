import { EMAIL_TAKEN_MESSAGE } from '@portal/shared/account-email';
import {
  CHECKOUT_TEXTS,
  computeCheckoutTotals,
  ORDER_DESCRIPTIONS,
  productNeedsPatient,
  productShips,
  type TCheckoutOrder,
} from '@portal/shared/checkout';
import { COUPON_CHECKS_LIMITED, COUPON_CHECKS_PER_MINUTE, couponRejection } from '@portal/shared/coupons';
import { PRODUCT } from '@portal/shared/products';
import type { AuditIdentity } from '../../audit-chain/audit-log.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, forbidden } from '../../errors/app-error.ts';
import type { PaymentSource } from '../../payment-gateways/payment-gateway.ts';
import { accountContact } from '../accounts/account-view.repository.ts';
import { type Buyer, harvestCenterOfOrder } from '../accounts/buyers.ts';
import { type SalesTeam, salesTeamOf } from '../accounts/sales-chain.repository.ts';
import {
  countRecentUnknownCouponCodes,
  emailTaken,
  findCouponForOrder,
  findPatientForOrder,
  findProduct,
  findSavedCard,
  noteUnknownCouponCode,
} from './checkout.repository.ts';

/** Which door the order came through: the centers' checkouts, the referral with a new patient, a patient's own. */
export type CheckoutChannel = 'center' | 'referral-patient' | 'patient-self';

/** Where an order came from: the audit trail and the new patient's agreements keep it. */
export type CheckoutOrigin = { ip: string | null; userAgent: string | null };

export const CHECKOUT_MESSAGES = {
  unavailable: 'The payment service is not available right now. Nothing was charged; please try again.',
  notYourPatient: 'This patient is not one of your patients.',
  notPatientsCenter: "This patient belongs to another harvest center: choose the patient's own.",
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

/** A validated order, ready to charge: what the charge, the record and the receipt are made from. */
export type PreparedOrder = {
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
  /** The buyer's sales rep, manager and distributor now: they earn the commissions. */
  team: SalesTeam;
  /** What the order is called on the card statement, the record and the receipt. */
  description: string;
  /** The buyer's e-mail and name (the gateway's customer, the receipt). */
  contact: Awaited<ReturnType<typeof accountContact>>;
};

/** Everything that can be refused before money moves: product, patient, centers, sales rep, coupon, price, card. */
export async function prepareOrder(
  db: Db,
  buyer: Buyer,
  order: TCheckoutOrder,
  channel: CheckoutChannel,
  /** Who orders, for the audit row of an unknown coupon code. */
  by: AuditIdentity,
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
    // An order's center is its patient's: a center it names must be the patient's own, or the sale
    // (and the patient's name in it, its history and receipt) would go to a center that is not.
    if (order.harvest_center_temporal !== null && order.harvest_center_temporal !== found.harvestCenterId) {
      throw badRequest(CHECKOUT_MESSAGES.notPatientsCenter, {
        harvest_center_temporal: CHECKOUT_MESSAGES.notPatientsCenter,
      });
    }
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
    if (!coupon) await noteUnknownCouponCode(db, by, buyer.userId);
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
    team,
    description: orderDescription(order, product.id, product.name),
    contact: await accountContact(db, buyer.userId),
  };
}

/** What the card processor is told about an order before it has an invoice number. */
export function checkoutReference(attemptId: number): string {
  return `order-${attemptId}`;
}

function orderDescription(order: TCheckoutOrder, productId: number, productName: string): string {
  if (order.order_description) return order.order_description;
  if (productId === PRODUCT.processingFee) return ORDER_DESCRIPTIONS.processingFee;
  if (productId === PRODUCT.referralHarvestFee) return ORDER_DESCRIPTIONS.referralHarvestFee;
  return productName;
}

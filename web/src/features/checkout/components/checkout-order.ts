import { type TSessionUser, ZEmail } from '@portal/shared/auth';
import type { TOpaqueData } from '@portal/shared/cards';
import {
  CHECKOUT_TEXTS,
  type CheckoutTotals,
  computeCheckoutTotals,
  productNeedsPatient,
  productShips,
  type TCheckoutBody,
} from '@portal/shared/checkout';
import { MEMBERSHIP } from '@portal/shared/memberships';
import type { TProduct } from '@portal/shared/products';
import { errorsWithPrefix } from '../../../components/form-validation.ts';
import { addressErrors } from '../../../components/payment/address-fields.tsx';
import { cardErrors } from '../../../components/payment/card-fields.tsx';
import { NEW_CARD } from '../../../components/payment/saved-card-choice.tsx';
import type { CheckoutEndpoint } from '../api/checkout-api.ts';
import type { CheckoutDraft } from './checkout-draft.ts';
import { newPatientErrors } from './referral-patient-fields.tsx';

/*
 * What follows from the checkout's draft, as plain functions found again at each render: which
 * sections the variant shows, the errors, the totals, and the order the server is sent.
 */

export type CheckoutVariant = {
  product: TProduct;
  /** The referral processing-fee form of an RHC. */
  referral: boolean;
  /** A patient ordering its own vials. */
  patientSelf: boolean;
};

/** What the variant and the account decide about the form, found once. */
export type CheckoutRules = CheckoutVariant & {
  ships: boolean;
  needsPatient: boolean;
  /** An RHC ordering for itself: its patients are its referrals, and it is not the order's center. */
  isReferralCenter: boolean;
};

export function checkoutRules(user: TSessionUser, variant: CheckoutVariant): CheckoutRules {
  return {
    ...variant,
    ships: productShips(variant.product.id),
    needsPatient: productNeedsPatient(variant.product.id),
    isReferralCenter: !variant.patientSelf && user.membership[0]?.id === MEMBERSHIP.referralHarvestCenter,
  };
}

/** The errors shown now, keyed by their inputs' data-path ('billing.city'), as useShownErrors keeps them. */
export type ShownErrors = Record<string, string | undefined>;

const SELECT_HARVEST_CENTER = 'Please select a harvest center';
const MAX_PHONE_LENGTH = 30;

/** The center's contact fields, as the server checks them (shared/checkout.ts): blank, or a valid e-mail. */
function contactErrors(contact: CheckoutDraft['contact']) {
  const email = (value: string) =>
    value.trim() && !ZEmail.safeParse(value).success ? 'Enter a valid e-mail address' : undefined;
  return {
    hc_email: email(contact.hcEmail),
    billing_email: email(contact.billingEmail),
    phone: contact.phone.length > MAX_PHONE_LENGTH ? `At most ${MAX_PHONE_LENGTH} characters` : undefined,
  };
}

/** Whether the order names an existing patient: any order may (products 2 and 14 must), the referral unless it creates one. */
export function showsPatientPicker(draft: CheckoutDraft, rules: CheckoutRules): boolean {
  return !rules.patientSelf && !(rules.referral && draft.newPatient.create);
}

export function shipsIt(draft: CheckoutDraft, rules: CheckoutRules): boolean {
  return rules.ships && draft.shipIt === 'yes';
}

/** The total as the shared rule computes it (the server computes it again). */
export function checkoutTotals(draft: CheckoutDraft, rules: CheckoutRules): CheckoutTotals {
  return computeCheckoutTotals({
    unitPriceCents: rules.product.price_cents,
    quantity: draft.quantity,
    productShippingFeeCents: rules.product.shipping_fee_cents,
    shipping: shipsIt(draft, rules),
    harvestFee: rules.referral && draft.harvestFee === 'yes',
    couponDiscountCents: draft.coupon.status === 'valid' ? draft.coupon.discountCents : 0,
  });
}

/**
 * Every problem of the draft, keyed by its input's data-path. The 'choice.*' ones are choices
 * without a field to mark; the page shows them as notices of their own.
 */
export function checkoutErrors(draft: CheckoutDraft, rules: CheckoutRules): ShownErrors {
  const { referral, patientSelf, needsPatient } = rules;
  return {
    ...errorsWithPrefix('choice', {
      harvest_center: referral && draft.harvestCenterId === null ? SELECT_HARVEST_CENTER : undefined,
      patient:
        needsPatient && !patientSelf && draft.patientId === null && !draft.newPatient.create
          ? CHECKOUT_TEXTS.selectPatient
          : undefined,
    }),
    ...errorsWithPrefix('contact', contactErrors(draft.contact)),
    ...errorsWithPrefix('patient', newPatientErrors(draft.newPatient)),
    ...errorsWithPrefix('billing', addressErrors(draft.billing)),
    ...errorsWithPrefix('shipping', shipsIt(draft, rules) ? addressErrors(draft.shipping) : {}),
    ...errorsWithPrefix('card', draft.payment === NEW_CARD ? cardErrors(draft.card) : {}),
  };
}

/** The center the order is for, as the coupon check needs it: the referral's pick, or the account itself. */
export function orderCenterId(draft: CheckoutDraft, rules: CheckoutRules, user: TSessionUser): number | null {
  if (rules.referral) return draft.harvestCenterId ? Number(draft.harvestCenterId) : null;
  return rules.isReferralCenter ? null : user.id;
}

/** The order as the server takes it; `opaqueData` is the new card's token, when one is paid with. */
export function checkoutBody(input: {
  draft: CheckoutDraft;
  rules: CheckoutRules;
  user: TSessionUser;
  idempotencyKey: string;
  totalCents: number;
  opaqueData: TOpaqueData | null;
}): TCheckoutBody {
  const { draft, rules, user, idempotencyKey, totalCents, opaqueData } = input;
  const { product, referral, patientSelf, ships, isReferralCenter } = rules;
  const { newPatient, contact, payment } = draft;
  return {
    idempotency_key: idempotencyKey,
    product_id: product.id,
    product_quantity: draft.quantity,
    patient_id: patientSelf ? user.id : draft.patientId ? Number(draft.patientId) : null,
    harvest_center_temporal: referral && draft.harvestCenterId ? Number(draft.harvestCenterId) : null,
    rhc_transaction: isReferralCenter,
    create_patient: referral && newPatient.create,
    first_name: newPatient.first_name.trim(),
    last_name: newPatient.last_name.trim(),
    email: newPatient.email.trim(),
    phone_number: newPatient.phone_number.trim(),
    required_signature: newPatient.create && newPatient.required_signature,
    harvest_fee: referral && draft.harvestFee === 'yes',
    shipping_fee: ships ? draft.shipIt : 'no',
    shipping_date: ships ? draft.shippingDate : null,
    coupon_code: draft.coupon.status === 'valid' ? draft.couponCode.trim() : '',
    harvest_center_email: contact.hcEmail.trim(),
    harvest_center_billing_email: contact.billingEmail.trim(),
    harvest_center_phone: contact.phone.trim(),
    addressInfo: draft.billing,
    shippingInfo: shipsIt(draft, rules) ? draft.shipping : null,
    auth_customer_payment_profile_id: payment !== NEW_CARD && totalCents > 0 ? payment : null,
    credit_card: opaqueData ? { full_name: draft.card.full_name.trim(), opaque_data: opaqueData } : null,
    total_amount_cents: totalCents,
  };
}

export function checkoutEndpoint(body: TCheckoutBody, rules: CheckoutRules): CheckoutEndpoint {
  if (rules.patientSelf) return 'patient-self';
  return body.create_patient ? 'referral-patient' : 'center';
}

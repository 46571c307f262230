import { CHECKOUT_TEXTS } from '@portal/shared/checkout';
import type { TSavedLocation } from '@portal/shared/locations';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { PRODUCT, type TProduct } from '@portal/shared/products';
import { describe, expect, it } from 'vitest';
import { NEW_CARD } from '../../../components/payment/saved-card-choice.tsx';
import { userOf } from '../../../lib/test-session-users.ts';
import { type CheckoutDraft, checkoutReducer, initialDraft } from './checkout-draft.ts';
import {
  type CheckoutVariant,
  checkoutBody,
  checkoutEndpoint,
  checkoutErrors,
  checkoutRules,
  checkoutTotals,
  orderCenterId,
} from './checkout-order.ts';

const hc = userOf(MEMBERSHIP.harvestCenter, { id: 7, company: 'Acme HC', email: 'hc@example.com' });
const rhc = userOf(MEMBERSHIP.referralHarvestCenter, { id: 8, company: 'Referrer' });

const productOf = (id: number, overrides: Partial<TProduct> = {}): TProduct => ({
  id,
  name: `Product ${id}`,
  description: '',
  price_cents: 10_000,
  price: '100.00',
  shipping_fee_cents: 1_500,
  shipping_fee: '15.00',
  ...overrides,
});
const variantOf = (id: number, more: Partial<CheckoutVariant> = {}): CheckoutVariant => ({
  product: productOf(id),
  referral: false,
  patientSelf: false,
  ...more,
});

const LOCATION: TSavedLocation = {
  id: 1,
  user: 7,
  location_name: 'Main',
  address1: '1 Main St',
  address2: '',
  city: 'Springfield',
  state_desc: 'IL',
  country_desc: 'United States',
  zip_code: '62701',
  default: true,
  template_id: null,
};

/** A draft as the form has it once the saved location and a saved card are in. */
function filledDraft(user = hc): CheckoutDraft {
  let draft = initialDraft(user);
  draft = checkoutReducer(draft, { type: 'savedLocationsLoaded', first: LOCATION, company: user.company });
  return checkoutReducer(draft, { type: 'savedCardsLoaded', firstPaymentProfileId: 'profile-1' });
}

describe('the checkout draft', () => {
  it('starts from the account: its e-mails, phone and company, one item shipped, no payment chosen yet', () => {
    const draft = initialDraft(hc);
    expect(draft.contact).toEqual({ hcEmail: 'hc@example.com', billingEmail: 'hc@example.com', phone: '' });
    expect(draft.billing.company).toBe('Acme HC');
    expect(draft).toMatchObject({ quantity: 1, shipIt: 'yes', harvestFee: 'no', payment: null });
  });

  it('sets one value, or a function of the current one, and leaves the others', () => {
    const draft = initialDraft(hc);
    const more = checkoutReducer(draft, { type: 'set', field: 'quantity', value: 3 });
    const twice = checkoutReducer(more, { type: 'set', field: 'quantity', value: (q) => q * 2 });
    expect(twice.quantity).toBe(6);
    expect(twice.contact).toBe(draft.contact);
  });

  it('fills only the addresses not filled yet from the default saved location', () => {
    const typed = checkoutReducer(initialDraft(hc), {
      type: 'set',
      field: 'shipping',
      value: (shipping) => ({ ...shipping, address1: 'Typed 9' }),
    });
    const draft = checkoutReducer(typed, {
      type: 'savedLocationsLoaded',
      first: LOCATION,
      company: 'Acme HC',
    });
    expect(draft.billing).toMatchObject({ company: 'Acme HC', address1: '1 Main St', state: 'IL' });
    expect(draft.shipping.address1).toBe('Typed 9');
  });

  it('preselects the first saved card once, or a new card when there is none', () => {
    const withCard = checkoutReducer(initialDraft(hc), {
      type: 'savedCardsLoaded',
      firstPaymentProfileId: 'p1',
    });
    expect(withCard.payment).toBe('p1');
    expect(checkoutReducer(withCard, { type: 'savedCardsLoaded', firstPaymentProfileId: 'p2' }).payment).toBe(
      'p1',
    );
    const none = checkoutReducer(initialDraft(hc), {
      type: 'savedCardsLoaded',
      firstPaymentProfileId: undefined,
    });
    expect(none.payment).toBe(NEW_CARD);
  });
});

describe('the checkout errors', () => {
  const messages = (draft: CheckoutDraft, variant: CheckoutVariant, user = hc) =>
    Object.fromEntries(
      Object.entries(checkoutErrors(draft, checkoutRules(user, variant))).filter(([, m]) => m),
    );

  it('finds none in a filled order paid with a saved card', () => {
    expect(messages(filledDraft(), variantOf(PRODUCT.harvestingKit))).toEqual({});
  });

  it('asks for the patient of the vials, unless the referral creates one', () => {
    expect(messages(filledDraft(), variantOf(PRODUCT.vials))).toEqual({
      'choice.patient': CHECKOUT_TEXTS.selectPatient,
    });
    const referral = variantOf(PRODUCT.processingFee, { referral: true });
    const creating = checkoutReducer(filledDraft(rhc), {
      type: 'set',
      field: 'newPatient',
      value: (patient) => ({ ...patient, create: true }),
    });
    expect(Object.keys(messages(creating, referral, rhc)).sort()).toEqual([
      'choice.harvest_center',
      'patient.email',
      'patient.first_name',
      'patient.last_name',
      'patient.phone_number',
    ]);
  });

  it('checks the shipping address only when the order ships, and the card only when it is a new one', () => {
    let draft = checkoutReducer(filledDraft(), {
      type: 'set',
      field: 'shipping',
      value: (s) => ({ ...s, city: '' }),
    });
    expect(messages(draft, variantOf(PRODUCT.harvestingKit))).toHaveProperty('shipping.city');
    draft = checkoutReducer(draft, { type: 'set', field: 'shipIt', value: 'no' });
    expect(messages(draft, variantOf(PRODUCT.harvestingKit))).toEqual({});
    expect(messages(draft, variantOf(PRODUCT.preOrderPatientVials))).not.toHaveProperty('shipping.city');
    draft = checkoutReducer(draft, { type: 'set', field: 'payment', value: NEW_CARD });
    expect(Object.keys(messages(draft, variantOf(PRODUCT.harvestingKit)))).toContain('card.card_number');
  });

  it('refuses a malformed contact e-mail and an over-long phone, but not blank ones', () => {
    const draft = checkoutReducer(filledDraft(), {
      type: 'set',
      field: 'contact',
      value: { hcEmail: 'not-an-email', billingEmail: '', phone: '1'.repeat(31) },
    });
    expect(messages(draft, variantOf(PRODUCT.harvestingKit))).toEqual({
      'contact.hc_email': 'Enter a valid e-mail address',
      'contact.phone': 'At most 30 characters',
    });
  });
});

describe('the order sent', () => {
  const send = (draft: CheckoutDraft, variant: CheckoutVariant, user = hc) => {
    const rules = checkoutRules(user, variant);
    const totalCents = checkoutTotals(draft, rules).totalCents;
    const body = checkoutBody({ draft, rules, user, idempotencyKey: 'key', totalCents, opaqueData: null });
    return { body, totalCents, endpoint: checkoutEndpoint(body, rules) };
  };

  it('pays a shipped order with the saved card, the total being price × quantity + shipping', () => {
    const draft = checkoutReducer(filledDraft(), { type: 'set', field: 'quantity', value: 2 });
    const { body, totalCents, endpoint } = send(draft, variantOf(PRODUCT.harvestingKit));
    expect(totalCents).toBe(21_500);
    expect(body).toMatchObject({
      product_quantity: 2,
      shipping_fee: 'yes',
      shippingInfo: draft.shipping,
      auth_customer_payment_profile_id: 'profile-1',
      credit_card: null,
      harvest_center_email: 'hc@example.com',
      total_amount_cents: 21_500,
    });
    expect(endpoint).toBe('center');
  });

  it('sends no shipping for a product that does not ship, and only a coupon that was found valid', () => {
    let draft = checkoutReducer(filledDraft(), { type: 'set', field: 'couponCode', value: ' SAVE ' });
    expect(send(draft, variantOf(PRODUCT.preOrderPatientVials)).body).toMatchObject({
      shipping_fee: 'no',
      shipping_date: null,
      shippingInfo: null,
      coupon_code: '',
    });
    draft = checkoutReducer(draft, {
      type: 'set',
      field: 'coupon',
      value: { status: 'valid', code: 'SAVE', discountCents: 500 },
    });
    const { body, totalCents } = send(draft, variantOf(PRODUCT.preOrderPatientVials));
    expect(body.coupon_code).toBe('SAVE');
    expect(totalCents).toBe(9_500);
  });

  it('sends the referral with its harvest center, its fee and its new patient to the patient endpoint', () => {
    let draft = filledDraft(rhc);
    draft = checkoutReducer(draft, { type: 'set', field: 'harvestCenterId', value: '42' });
    draft = checkoutReducer(draft, { type: 'set', field: 'harvestFee', value: 'yes' });
    draft = checkoutReducer(draft, {
      type: 'set',
      field: 'newPatient',
      value: (p) => ({ ...p, create: true, first_name: ' Ann ', required_signature: true }),
    });
    const variant = variantOf(PRODUCT.processingFee, { referral: true });
    const { body, endpoint } = send(draft, variant, rhc);
    expect(body).toMatchObject({
      harvest_center_temporal: 42,
      harvest_fee: true,
      create_patient: true,
      first_name: 'Ann',
      required_signature: true,
      rhc_transaction: true,
    });
    expect(endpoint).toBe('referral-patient');
    expect(orderCenterId(draft, checkoutRules(rhc, variant), rhc)).toBe(42);
  });

  it('checks an RHC’s own coupon for no center, a center’s for itself, and sends a patient’s own order as theirs', () => {
    const draft = filledDraft();
    expect(orderCenterId(draft, checkoutRules(rhc, variantOf(PRODUCT.vials)), rhc)).toBeNull();
    expect(orderCenterId(draft, checkoutRules(hc, variantOf(PRODUCT.vials)), hc)).toBe(7);
    const patient = userOf(MEMBERSHIP.patient, { id: 99 });
    const { body, endpoint } = send(draft, variantOf(PRODUCT.vials, { patientSelf: true }), patient);
    expect(body.patient_id).toBe(99);
    expect(endpoint).toBe('patient-self');
  });
});

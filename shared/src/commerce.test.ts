import { describe, expect, it } from 'vitest';
import {
  cardDigits,
  detectCardBrand,
  expirationFromPicker,
  formatExpiration,
  isCardExpired,
  luhnValid,
  SANDBOX_TEST_CARDS,
} from './cards.ts';
import { computeCheckoutTotals, REFERRAL_HARVEST_FEE_CENTS } from './checkout.ts';
import { applicableDiscountCents, COUPON_REJECTIONS, couponRejection } from './coupons.ts';

describe('cards', () => {
  it('checks the Luhn digit of every sandbox test number and refuses a changed one', () => {
    for (const number of Object.values(SANDBOX_TEST_CARDS)) expect(luhnValid(number)).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(luhnValid('41111')).toBe(false);
    expect(luhnValid(cardDigits('4111 1111-1111 1111'))).toBe(true);
  });

  it('detects the brand from the prefix', () => {
    expect(detectCardBrand(SANDBOX_TEST_CARDS.visa)).toBe('Visa');
    expect(detectCardBrand(SANDBOX_TEST_CARDS.mastercard)).toBe('MasterCard');
    expect(detectCardBrand('2221000000000009')).toBe('MasterCard');
    expect(detectCardBrand(SANDBOX_TEST_CARDS.amex)).toBe('AmericanExpress');
    expect(detectCardBrand(SANDBOX_TEST_CARDS.discover)).toBe('Discover');
    expect(detectCardBrand('3530111333300000')).toBe('JCB');
    expect(detectCardBrand('9999999999999995')).toBeNull();
  });

  it('stores the month picker value plus one, with two digits (part 2 §5)', () => {
    expect(expirationFromPicker(2027, 0)).toBe('2027-01');
    expect(expirationFromPicker(2027, 8)).toBe('2027-09');
    expect(expirationFromPicker(2027, 11)).toBe('2027-12');
    expect(formatExpiration('2027-09')).toBe('09/27');
  });

  it('a card is good through its expiry month', () => {
    const now = new Date(Date.UTC(2026, 10, 24));
    expect(isCardExpired('2026-11', now)).toBe(false);
    expect(isCardExpired('2026-10', now)).toBe(true);
    expect(isCardExpired('2025-12', now)).toBe(true);
    expect(isCardExpired('2027-01', now)).toBe(false);
  });
});

describe('checkout totals', () => {
  const base = {
    unitPriceCents: 50_000,
    quantity: 3,
    productShippingFeeCents: 2_500,
    shipping: true,
    harvestFee: false,
    couponDiscountCents: 0,
  };

  it('is price x quantity + shipping fee - discount', () => {
    expect(computeCheckoutTotals({ ...base, couponDiscountCents: 10_000 })).toEqual({
      subtotalCents: 150_000,
      shippingFeeCents: 2_500,
      harvestFeeCents: 0,
      discountCents: 10_000,
      totalCents: 142_500,
    });
  });

  it('counts no shipping fee when shipping is no', () => {
    expect(computeCheckoutTotals({ ...base, shipping: false }).totalCents).toBe(150_000);
  });

  it('adds the referral harvest fee when chosen', () => {
    const totals = computeCheckoutTotals({ ...base, quantity: 1, harvestFee: true });
    expect(totals.harvestFeeCents).toBe(REFERRAL_HARVEST_FEE_CENTS);
    expect(totals.totalCents).toBe(50_000 + 2_500 + 250_000);
  });

  it('never goes below zero: a larger coupon applies only up to the order', () => {
    const totals = computeCheckoutTotals({ ...base, couponDiscountCents: 1_000_000 });
    expect(totals).toMatchObject({ discountCents: 152_500, totalCents: 0 });
  });
});

describe('coupons', () => {
  const coupon = { status: true, maxUseNumber: 5, usedNumber: 0, productIds: [1, 2], harvestCenterId: null };
  const use = { productId: 1, harvestCenterId: 10 };

  it('applies when active, not used up, for the product and the center', () => {
    expect(couponRejection(coupon, use)).toBeNull();
    expect(couponRejection({ ...coupon, maxUseNumber: 0, usedNumber: 999 }, use)).toBeNull();
    expect(couponRejection({ ...coupon, productIds: [] }, { ...use, productId: 12 })).toBeNull();
  });

  it('says why it does not apply', () => {
    expect(couponRejection(null, use)).toBe(COUPON_REJECTIONS.unknown);
    expect(couponRejection({ ...coupon, status: false }, use)).toBe(COUPON_REJECTIONS.inactive);
    expect(couponRejection({ ...coupon, usedNumber: 5 }, use)).toBe(COUPON_REJECTIONS.usedUp);
    expect(couponRejection(coupon, { ...use, productId: 3 })).toBe(COUPON_REJECTIONS.wrongProduct);
    expect(couponRejection({ ...coupon, harvestCenterId: 11 }, use)).toBe(
      COUPON_REJECTIONS.wrongHarvestCenter,
    );
  });

  it('takes a fixed amount, never more than the order', () => {
    expect(applicableDiscountCents(2_500, 10_000)).toBe(2_500);
    expect(applicableDiscountCents(20_000, 10_000)).toBe(10_000);
    expect(applicableDiscountCents(2_500, 0)).toBe(0);
  });
});

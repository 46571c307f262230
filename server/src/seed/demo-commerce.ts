import { ORDER_DESCRIPTIONS } from '@portal/shared/checkout';
import { PRODUCT } from '@portal/shared/products';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { coupons, locations, transactions } from '../db/schema/commerce.ts';
import { products } from '../db/schema/vials.ts';

type Account = {
  id: number;
  company: string;
  address1: string;
  city: string;
  stateDesc: string;
  countryDesc: string;
  zipCode: string;
};

/**
 * Commerce of the demo: a coupon to try at checkout, a saved location for each buyer, and one paid
 * processing fee in the HC's history (its receipt is written on first download). Cards are not
 * seeded: they exist only at a gateway, and the sandbox's test numbers make one in seconds.
 */
export async function seedDemoCommerce(
  db: Db,
  accounts: { hc: Account; rhc: Account; patient: Account; patientOfHc: { id: number } },
  salesLinks: { salesRepId: number; salesManagerId: number; salesDistributorId: number },
) {
  await db
    .insert(coupons)
    .values({ name: 'Welcome', code: 'WELCOME100', discountAmountCents: 10_000, maxUseNumber: 10 });
  for (const account of [accounts.hc, accounts.rhc, accounts.patient]) {
    await db.insert(locations).values({
      userId: account.id,
      locationName: 'Main office',
      address1: account.address1,
      city: account.city,
      stateDesc: account.stateDesc,
      countryDesc: account.countryDesc,
      zipCode: account.zipCode,
      isDefault: true,
    });
  }
  const [fee] = await db.select().from(products).where(eq(products.id, PRODUCT.processingFee));
  await db.insert(transactions).values({
    createdAt: new Date(Date.now() - 3 * 24 * 60 * 60 * 1000),
    buyerUserId: accounts.hc.id,
    harvestCenterId: accounts.hc.id,
    patientId: accounts.patientOfHc.id,
    ...salesLinks,
    productId: fee.id,
    productName: fee.name,
    orderDescription: ORDER_DESCRIPTIONS.processingFee,
    quantity: 1,
    unitPriceCents: fee.priceCents,
    shippingFeeCents: fee.shippingFeeCents,
    amountCents: fee.priceCents + fee.shippingFeeCents,
    gateway: 'sandbox',
    gatewayTransactionId: 'sbx_txn_demo',
    cardType: 'Visa',
    cardLast4: '1111',
    billingAddress: {
      company: accounts.hc.company,
      address1: accounts.hc.address1,
      address2: '',
      city: accounts.hc.city,
      state: accounts.hc.stateDesc,
      country_desc: accounts.hc.countryDesc,
      country_code: 'US',
      zip_code: accounts.hc.zipCode,
    },
  });
}

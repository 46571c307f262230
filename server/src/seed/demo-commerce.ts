import { MEMBERSHIP } from '@portal/shared/memberships';
import { PRODUCT } from '@portal/shared/products';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { assetItems, assets } from '../db/schema/assets.ts';
import { coupons, locations, transactions } from '../db/schema/commerce.ts';
import { shippingLabelRequests } from '../db/schema/shipping.ts';
import { createCommissionRate, createTransaction } from './transaction-factories.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Rates of the demo, in basis points: 10% / 5% / 2.5% on the fees, less on products. */
const DEMO_COMMISSION_RATES: [number, { rep: number; manager: number; distributor: number }][] = [
  [PRODUCT.processingFee, { rep: 1000, manager: 500, distributor: 250 }],
  [PRODUCT.referralHarvestFee, { rep: 1000, manager: 500, distributor: 250 }],
  [PRODUCT.harvestingKit, { rep: 500, manager: 250, distributor: 100 }],
  [PRODUCT.vials, { rep: 500, manager: 250, distributor: 100 }],
];

type Account = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  address1: string;
  city: string;
  stateDesc: string;
  countryDesc: string;
  zipCode: string;
};

/**
 * Commerce of the demo: a coupon to try at checkout, a saved location for each buyer, commission
 * rates, and paid orders of the last months sold by the demo rep's team (the HC's history, the
 * reports and the commissions chart; a receipt is written on first download). Cards are not
 * seeded: they exist only at a gateway, and the sandbox's test numbers make one in seconds.
 */
/** Resource-center assets of the demo (links only: the demo has no files to upload). */
async function seedDemoAssets(db: Db) {
  const [forCenters, forPatients] = await db
    .insert(assets)
    .values([
      {
        name: 'Shipping tissue to the lab',
        description: 'How to pack the harvest kit, fill in the requisition and hand the box to FedEx.',
        membershipIds: [MEMBERSHIP.harvestCenter, MEMBERSHIP.hcStaff, MEMBERSHIP.referralHarvestCenter],
        sections: ['/fedex-request-label', '/fedex-request-label-rhc'],
      },
      {
        name: 'Your stem cell banking journey',
        description: 'What happens to your sample after the harvest, and when your vials are ready.',
        membershipIds: [MEMBERSHIP.patient],
        sections: ['/resource-center'],
      },
    ])
    .returning({ id: assets.id });
  await db.insert(assetItems).values([
    {
      assetId: forCenters.id,
      type: 1,
      name: 'FedEx packing guidelines',
      path: 'https://www.fedex.com/en-us/shipping/packing.html',
    },
    {
      assetId: forPatients.id,
      type: 1,
      name: 'Adipose-derived stem cells (overview)',
      path: 'https://en.wikipedia.org/wiki/Adipose-derived_stem_cell',
    },
  ]);
}

export async function seedDemoCommerce(
  db: Db,
  accounts: { hc: Account; rhc: Account; patient: Account; patientOfHc: { id: number } },
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
  // Commission rates from a year ago, then the paid orders of the last months (the reports, the
  // commissions chart and the HC's history have something to show).
  const yearAgo = new Date(Date.now() - 365 * DAY);
  for (const [productId, rates] of DEMO_COMMISSION_RATES) {
    for (const [level, rateBasisPoints] of Object.entries(rates)) {
      await createCommissionRate(db, {
        productId,
        level: level as 'rep' | 'manager' | 'distributor',
        rateBasisPoints,
        effectiveFrom: yearAgo,
      });
    }
  }
  const billingAddress = {
    company: accounts.hc.company,
    address1: accounts.hc.address1,
    address2: '',
    city: accounts.hc.city,
    state: accounts.hc.stateDesc,
    country_desc: accounts.hc.countryDesc,
    country_code: 'US',
    zip_code: accounts.hc.zipCode,
  };
  await seedDemoAssets(db);
  const first = await createTransaction(db, {
    buyer: accounts.hc,
    patient: accounts.patientOfHc,
    createdAt: new Date(Date.now() - 3 * DAY),
  });
  await db.update(transactions).set({ billingAddress }).where(eq(transactions.id, first.id));
  for (let monthsBack = 1; monthsBack <= 5; monthsBack++) {
    const sale = await createTransaction(db, {
      buyer: accounts.hc,
      productId: monthsBack % 2 === 0 ? PRODUCT.harvestingKit : PRODUCT.processingFee,
      createdAt: new Date(Date.now() - (monthsBack * 30 + 2) * DAY),
    });
    // A label asked for a month ago that the admin has not handled yet (the FedEx Requests list).
    if (monthsBack === 1) {
      await db.insert(shippingLabelRequests).values({
        centerId: accounts.hc.id,
        transactionId: sale.id,
        requestedByUserId: accounts.hc.id,
        centerName: accounts.hc.company,
        centerEmail: accounts.hc.email,
        representative: `${accounts.hc.firstName} ${accounts.hc.lastName}`,
        otherPatientName: 'Walk-in Patient',
        labelDate: new Date(Date.now() - (30 + 1) * DAY).toISOString().slice(0, 10),
        address1: accounts.hc.address1,
        city: accounts.hc.city,
        stateDesc: accounts.hc.stateDesc,
        countryDesc: accounts.hc.countryDesc,
        zipCode: accounts.hc.zipCode,
        createdAt: new Date(Date.now() - (30 + 1) * DAY),
      });
    }
  }
  await createTransaction(db, {
    buyer: accounts.rhc,
    harvestCenter: accounts.hc,
    referralCenter: accounts.rhc,
    productId: PRODUCT.referralHarvestFee,
    createdAt: new Date(Date.now() - 10 * DAY),
  });
}

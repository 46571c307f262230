import { ORDER_DESCRIPTIONS } from '@portal/shared/checkout';
import { PRODUCT } from '@portal/shared/products';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { commissionRates, transactions } from '../db/schema/commerce.ts';
import { products } from '../db/schema/vials.ts';
import { salesTeamOf } from '../modules/accounts/sales-chain.repository.ts';
import { commissionSharesAt } from '../modules/transactions/commission-rates.ts';

type Ref = { id: number };

export type TransactionInput = {
  /** The account charged; its rep (an HC's, an RHC's or a patient's) becomes the sale's team. */
  buyer: Ref;
  harvestCenter?: Ref | null;
  referralCenter?: Ref | null;
  patient?: Ref | null;
  hcStaff?: Ref | null;
  productId?: number;
  quantity?: number;
  /** The total charged; price × quantity + shipping by default. */
  amountCents?: number;
  discountCents?: number;
  couponCode?: string;
  createdAt?: Date;
};

/**
 * A paid transaction as checkout writes it (team copied from the buyer's rep, commission shares at
 * the rates in force), without a card or a gateway: for tests and the demo.
 */
export async function createTransaction(db: Db, input: TransactionInput) {
  const productId = input.productId ?? PRODUCT.processingFee;
  const [product] = await db.select().from(products).where(eq(products.id, productId));
  if (!product) throw new Error(`No product ${productId}`);
  const quantity = input.quantity ?? 1;
  const amountCents = input.amountCents ?? product.priceCents * quantity + product.shippingFeeCents;
  const createdAt = input.createdAt ?? new Date();
  const team = await salesTeamOf(db, input.buyer.id);
  const shares = await commissionSharesAt(db, { productId, amountCents, at: createdAt, ...team });
  const [row] = await db
    .insert(transactions)
    .values({
      createdAt,
      buyerUserId: input.buyer.id,
      harvestCenterId: input.harvestCenter === undefined ? input.buyer.id : (input.harvestCenter?.id ?? null),
      referralHarvestCenterId: input.referralCenter?.id ?? null,
      patientId: input.patient?.id ?? null,
      hcStaffId: input.hcStaff?.id ?? null,
      ...team,
      ...shares,
      productId,
      productName: product.name,
      orderDescription: productId === PRODUCT.processingFee ? ORDER_DESCRIPTIONS.processingFee : product.name,
      quantity,
      unitPriceCents: product.priceCents,
      shippingFeeCents: product.shippingFeeCents,
      discountCents: input.discountCents ?? 0,
      couponCodeUsed: input.couponCode ?? '',
      amountCents,
      gateway: 'sandbox',
      gatewayTransactionId: `sbx_txn_factory_${createdAt.getTime()}`,
      cardType: 'Visa',
      cardLast4: '1111',
    })
    .returning();
  return row;
}

/** A commission rate of a product and level from a moment (now by default). */
export async function createCommissionRate(
  db: Db,
  input: {
    productId: number;
    level: 'rep' | 'manager' | 'distributor';
    rateBasisPoints: number;
    effectiveFrom?: Date;
  },
) {
  const [row] = await db
    .insert(commissionRates)
    .values({
      productId: input.productId,
      level: input.level,
      rateBasisPoints: input.rateBasisPoints,
      effectiveFrom: input.effectiveFrom ?? new Date(),
    })
    .returning();
  return row;
}

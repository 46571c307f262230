import { randomUUID } from 'node:crypto';
import { SANDBOX_TEST_CARDS } from '@portal/shared/cards';
import { COUPON_REJECTIONS } from '@portal/shared/coupons';
import { PRODUCT } from '@portal/shared/products';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coupons, transactions } from '../src/db/schema/commerce.ts';
import { sandboxGatewayCharges } from '../src/db/schema/sandbox-gateway.ts';
import { createHarvestCenter } from '../src/seed/patient-factories.ts';
import { createTransaction } from '../src/seed/transaction-factories.ts';
import { type ChainWorld, createChainWorld } from './helpers/chain-world.ts';
import { tokenizeTestCard } from './helpers/commerce.ts';
import { buildTestApp, injectAs, type TestApp } from './helpers/test-app.ts';

/*
 * Issue 33's polish of commerce: coupon codes kept upper case and refused with a reason, invoice
 * numbers without gaps (a decline uses none), and transaction notes that say what changed in words.
 */

let t: TestApp;
let w: ChainWorld;
beforeAll(async () => {
  t = await buildTestApp();
  w = await createChainWorld(t.db);
});
afterAll(() => t.close());

type Who = { id: number };
const ADDRESS = { address1: '1 Main Street', city: 'Austin', state: 'TX', country_desc: 'United States' };

/** A harvesting kit (no shipping) paid with a new card of this number; answers the response. */
async function buyKit(
  who: Who,
  extra: Record<string, unknown> = {},
  number: string = SANDBOX_TEST_CARDS.visa,
) {
  const opaque_data = await tokenizeTestCard(t, who, { number });
  return injectAs(t.app, who, {
    method: 'POST',
    url: '/api/v1/transactions/create-transaction/',
    payload: {
      idempotency_key: randomUUID(),
      product_id: PRODUCT.harvestingKit,
      shipping_fee: 'no',
      addressInfo: ADDRESS,
      credit_card: { full_name: 'Pat Payer', opaque_data },
      ...extra,
    },
  });
}

async function lastInvoiceId(): Promise<number> {
  const [row] = await t.db
    .select({ max: sql<number>`max(${transactions.invoiceId})::int` })
    .from(transactions);
  return row.max;
}

describe('invoice numbers', () => {
  it('a declined payment uses no number: the next paid order continues the sequence', async () => {
    const before = (await buyKit(w.hcA)).json();
    expect(before.code).toBe('success');
    const declined = await buyKit(w.hcA, {}, SANDBOX_TEST_CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().invoice_id).toBeNull();
    const after = (await buyKit(w.hcA)).json();
    expect(after.code).toBe('success');
    expect(after.invoice_id).toBe(before.invoice_id + 1);
    // The processor was told the order's reference, not a number the portal might not give.
    const charges = await t.db.select().from(sandboxGatewayCharges).orderBy(asc(sandboxGatewayCharges.id));
    expect(charges.at(-1)?.invoiceNumber).toMatch(/^order-\d+$/);
  });

  it('concurrent checkouts take distinct, consecutive numbers', async () => {
    const start = await lastInvoiceId();
    const buyers = [w.hcA, w.hcA2, w.hcB, w.rhcA, w.rhcB, w.hcA];
    const answers = await Promise.all(buyers.map((buyer) => buyKit(buyer)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const numbers = answers.map((answer) => answer.json().invoice_id as number).sort((a, b) => a - b);
    expect(numbers).toEqual(buyers.map((_, i) => start + 1 + i));
  });

  it('rows written outside checkout (the demo, the factories) are numbered the same way', async () => {
    const start = await lastInvoiceId();
    const sale = await createTransaction(t.db, { buyer: w.hcA });
    expect(sale.invoiceId).toBe(start + 1);
    expect((await buyKit(w.hcA)).json().invoice_id).toBe(start + 2);
    // Many rows in one statement: numbered on, in one transaction, without gaps.
    const many = await t.db
      .insert(transactions)
      .values(
        Array.from({ length: 5 }, () => ({
          productId: PRODUCT.harvestingKit,
          productName: 'Kit',
          quantity: 1,
          unitPriceCents: 1,
          amountCents: 1,
        })),
      )
      .returning({ invoiceId: transactions.invoiceId });
    expect(many.map((row) => row.invoiceId)).toEqual([3, 4, 5, 6, 7].map((n) => start + n));
    expect((await buyKit(w.hcA)).json().invoice_id).toBe(start + 8);
  });

  it('a record that cannot be written gives its number back', async () => {
    const start = await lastInvoiceId();
    // The row's insert fails inside the transaction (a quantity the CHECK refuses): nothing is kept.
    await expect(
      t.db.transaction(async (tx) => {
        await tx.insert(transactions).values({
          productId: PRODUCT.harvestingKit,
          productName: 'Kit',
          quantity: 0,
          unitPriceCents: 1,
          amountCents: 1,
        });
      }),
    ).rejects.toThrow();
    expect((await buyKit(w.hcA)).json().invoice_id).toBe(start + 1);
  });
});

describe("orders keyed by the spec's invoice_id (no idempotency_key)", () => {
  it('a decline may be tried again with another card; the paid form sent again is answered, not charged', async () => {
    const invoice_id = 424_242;
    const declined = await buyKit(
      w.hcA2,
      { idempotency_key: undefined, invoice_id },
      SANDBOX_TEST_CARDS.declined,
    );
    expect(declined.statusCode).toBe(402);
    const opaque_data = await tokenizeTestCard(t, w.hcA2);
    const form = {
      invoice_id,
      product_id: PRODUCT.harvestingKit,
      shipping_fee: 'no',
      addressInfo: ADDRESS,
      credit_card: { full_name: 'Pat Payer', opaque_data },
    };
    const send = () =>
      injectAs(t.app, w.hcA2, {
        method: 'POST',
        url: '/api/v1/transactions/create-transaction/',
        payload: form,
      });
    const paid = await send();
    expect(paid.statusCode, paid.body).toBe(200);
    const bought = () => t.db.select().from(transactions).where(eq(transactions.buyerUserId, w.hcA2.id));
    const before = (await bought()).length;
    const again = await send();
    expect(again.json()).toEqual(paid.json());
    expect((await bought()).length).toBe(before);
    const none = await injectAs(t.app, w.hcA2, {
      method: 'POST',
      url: '/api/v1/transactions/create-transaction/',
      payload: { ...form, invoice_id: undefined },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors).toHaveProperty('idempotency_key');
  });
});

describe('coupon codes', () => {
  it('a code typed in any case is kept and sold upper case, and the report finds it once', async () => {
    const created = await injectAs(t.app, w.admin, {
      method: 'POST',
      url: '/api/v1/coupon-codes/',
      payload: { name: 'Welcome', code: 'welcome100', max_use_number: 0, discount_amount: '1.00', status: 1 },
    });
    expect(created.json().code).toBe('WELCOME100');
    const lower = (await buyKit(w.hcA, { coupon_code: 'welcome100' })).json();
    const upper = (await buyKit(w.hcA2, { coupon_code: 'WELCOME100' })).json();
    const rows = await t.db
      .select({ code: transactions.couponCodeUsed })
      .from(transactions)
      .where(sql`${transactions.id} in (${lower.transaction_id}, ${upper.transaction_id})`);
    expect(rows.map((row) => row.code)).toEqual(['WELCOME100', 'WELCOME100']);
    const report = await injectAs(t.app, w.admin, {
      method: 'GET',
      url: '/api/admin/transactions/?search=Welcome100&limit=50',
    });
    expect(report.json().results.map((r: { coupon_code_used: string }) => r.coupon_code_used)).toEqual([
      'WELCOME100',
      'WELCOME100',
    ]);
  });

  it('validate-code says why a code is refused; checkout answers the same reason on the field', async () => {
    const other = await createHarvestCenter(t.db, { rep: w.repB });
    const make = async (values: Partial<typeof coupons.$inferInsert>) => {
      const [row] = await t.db
        .insert(coupons)
        .values({
          name: 'Why',
          code: `WHY${randomUUID().slice(0, 6).toUpperCase()}`,
          discountAmountCents: 100,
          ...values,
        })
        .returning();
      return row.code;
    };
    const cases: [string, string][] = [
      ['NO-SUCH-CODE', COUPON_REJECTIONS.unknown],
      [await make({ status: false }), COUPON_REJECTIONS.inactive],
      [await make({ maxUseNumber: 1, usedNumber: 1 }), COUPON_REJECTIONS.usedUp],
      [await make({ productIds: [PRODUCT.vials] }), COUPON_REJECTIONS.wrongProduct],
      [await make({ harvestCenterId: other.id }), COUPON_REJECTIONS.wrongHarvestCenter],
    ];
    for (const [code, reason] of cases) {
      const checked = await injectAs(t.app, w.hcA, {
        method: 'POST',
        url: '/api/v1/coupon-codes/validate-code/',
        payload: { code: code.toLowerCase(), product_id: PRODUCT.harvestingKit },
      });
      expect(checked.json(), code).toMatchObject({ success: false, message: reason, code });
      const paid = await buyKit(w.hcA, { coupon_code: code.toLowerCase() });
      expect(paid.statusCode, code).toBe(400);
      expect(paid.json(), code).toMatchObject({ message: reason, errors: { coupon_code: reason } });
    }
  });
});

describe('transaction notes', () => {
  it("say what an admin's edit changed in words, the parties by name", async () => {
    const sale = await createTransaction(t.db, { buyer: w.hcA, patient: w.patientA1, amountCents: 25_000 });
    const edited = await injectAs(t.app, w.admin, {
      method: 'PATCH',
      url: `/api/v1/transactions/${sale.id}/`,
      payload: {
        amount: '275.00',
        harvest_center: w.hcA2.id,
        commission_paid: true,
        transaction_note: 'Corrected',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const note = edited.json().transaction_history.at(-1);
    expect(note.summary).toBe(
      'Amount changed from $250.00 to $275.00; harvest center changed from Alpha Harvest to Alpha Two Harvest; commission marked paid',
    );
    expect(note.summary).not.toMatch(/Cents|Id\b|commissionPaid/);
    const [row] = await t.db.select().from(transactions).where(eq(transactions.id, sale.id));
    expect(row.amountCents).toBe(27_500);
  });
});

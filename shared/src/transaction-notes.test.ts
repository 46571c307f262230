import { describe, expect, it } from 'vitest';
import { describeTransactionChanges, partyIdsOf } from './transaction-notes.ts';

describe('describeTransactionChanges', () => {
  it('says an edit in words, never by column name', () => {
    const text = describeTransactionChanges({
      commissionPaid: { from: false, to: true },
      repCommissionCents: { from: 2_500, to: 2_750 },
      amountCents: { from: 25_000, to: 27_500 },
    });
    expect(text).toBe(
      'Amount changed from $250.00 to $275.00; sales rep commission changed from $25.00 to $27.50; commission marked paid',
    );
    expect(text).not.toMatch(/Cents|commissionPaid|amountCents/);
  });

  it('names the parties, and says when one is set or removed', () => {
    const names = new Map([
      [4, 'Alpha Harvest'],
      [5, 'Beta Harvest'],
      [9, 'Rita Rep'],
    ]);
    expect(
      describeTransactionChanges(
        {
          harvestCenterId: { from: 4, to: 5 },
          referralHarvestCenterId: { from: null, to: 77 },
          salesRepId: { from: 9, to: null },
        },
        names,
      ),
    ).toBe(
      'Harvest center changed from Alpha Harvest to Beta Harvest; referral harvest center set to #77; sales rep removed (was Rita Rep)',
    );
  });

  it('the product by its name, the quantity, unpaid commissions and nothing at all', () => {
    expect(
      describeTransactionChanges({
        productId: { from: 1, to: 2 },
        productName: { from: 'Processing Fee', to: 'Vials' },
        quantity: { from: 1, to: 2 },
        commissionPaid: { from: true, to: false },
      }),
    ).toBe(
      'Product changed from Processing Fee to Vials; quantity changed from 1 to 2; commission marked unpaid',
    );
    expect(describeTransactionChanges({})).toBe('');
    expect(describeTransactionChanges({ shippingFeeCents: { from: 0, to: 1 } })).toBe(
      'Shipping fee changed from 0 to 1',
    );
  });

  it('partyIdsOf lists the accounts to name', () => {
    expect(
      partyIdsOf({
        patientId: { from: 3, to: 8 },
        amountCents: { from: 1, to: 2 },
        salesRepId: { from: null, to: 3 },
      }).sort(),
    ).toEqual([3, 8]);
  });
});

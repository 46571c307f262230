import { describe, expect, it } from 'vitest';
import { notEnoughVialsMessage, sumVialRecords, vialTotalsDelta, ZVialRecordCreate } from './vials.ts';

describe('vial totals', () => {
  it('an added record raises available', () => {
    expect(vialTotalsDelta(null, { type: 'added', quantity: 5 })).toEqual({ available: 5, shipped: 0 });
  });
  it('a shipped record raises shipped and lowers available', () => {
    expect(vialTotalsDelta(null, { type: 'shipped', quantity: 2 })).toEqual({ available: -2, shipped: 2 });
  });
  it('an edit adjusts by the difference', () => {
    expect(vialTotalsDelta({ type: 'added', quantity: 5 }, { type: 'added', quantity: 8 })).toEqual({
      available: 3,
      shipped: 0,
    });
    expect(vialTotalsDelta({ type: 'shipped', quantity: 3 }, { type: 'shipped', quantity: 1 })).toEqual({
      available: 2,
      shipped: -2,
    });
    // A record whose type is corrected from added to shipped.
    expect(vialTotalsDelta({ type: 'added', quantity: 4 }, { type: 'shipped', quantity: 4 })).toEqual({
      available: -8,
      shipped: 4,
    });
  });
  it('sums records to totals', () => {
    expect(
      sumVialRecords([
        { type: 'added', quantity: 10 },
        { type: 'shipped', quantity: 3 },
        { type: 'added', quantity: 2 },
      ]),
    ).toEqual({ vials_available: 9, vials_shipped: 3 });
  });
});

describe('vial record schema', () => {
  const base = { user: 1, type: 'added', quantity: 1, date: '2026-05-01' };
  it('refuses a negative or fractional quantity and accepts 0', () => {
    expect(ZVialRecordCreate.safeParse({ ...base, quantity: -1 }).success).toBe(false);
    expect(ZVialRecordCreate.safeParse({ ...base, quantity: 1.5 }).success).toBe(false);
    expect(ZVialRecordCreate.safeParse({ ...base, quantity: 0 }).success).toBe(true);
  });
  it('needs a tracking id on shipped records only', () => {
    expect(ZVialRecordCreate.safeParse({ ...base, type: 'shipped' }).success).toBe(false);
    expect(ZVialRecordCreate.safeParse({ ...base, type: 'shipped', tracking_id: '1Z999' }).success).toBe(
      true,
    );
  });
  it('says how many are available', () => {
    expect(notEnoughVialsMessage(2, 5)).toBe('Cannot ship 5 vials: only 2 available.');
  });
});

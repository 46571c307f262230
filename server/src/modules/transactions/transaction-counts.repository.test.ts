import { describe, expect, it } from 'vitest';
import { countedKeyOf, mergeWhere, type ReportWhere } from './transaction-counts.repository.ts';
import { transactionFilterWhere } from './transaction-filters.repository.ts';

/** A condition on something other than a counted column: a date. */
const dated = transactionFilterWhere({ date_after: '2025-01-01' });

const equal = (dimension: ReportWhere['equalities'][number]['dimension'], id: number): ReportWhere => ({
  equalities: [{ dimension, id }],
  others: [],
});

describe('which kept total a report reads', () => {
  it('reads every row’s total with no condition, and one value’s with one equality', () => {
    expect(countedKeyOf({ equalities: [], others: [] })).toEqual({ dimension: 'all', key: 0 });
    expect(countedKeyOf(equal('product', 2))).toEqual({ dimension: 'product', key: 2 });
  });

  it('counts a scope and the same filter once: a distributor filtering by itself', () => {
    expect(countedKeyOf(mergeWhere(equal('sales_distributor', 9), equal('sales_distributor', 9)))).toEqual({
      dimension: 'sales_distributor',
      key: 9,
    });
  });

  it('counts the rows when two equalities, or anything else, narrow the report', () => {
    expect(countedKeyOf(mergeWhere(equal('sales_manager', 4), equal('sales_rep', 7)))).toBeNull();
    expect(countedKeyOf(mergeWhere(equal('sales_rep', 7), equal('sales_rep', 8)))).toBeNull();
    expect(countedKeyOf(dated)).toBeNull();
    expect(countedKeyOf(mergeWhere(equal('patient', 3), dated))).toBeNull();
  });
});

import type { TTransactionHistoryRow } from '@portal/shared/checkout';
import type { Db } from '../../db/client.ts';
import type { PageRequest } from '../../db/paging.ts';
import { type HistoryScope, listTransactionHistory } from '../../modules/checkout/transaction-history.ts';
import { labelSummariesOfTransactions } from '../../modules/shipping-labels/label-requests.ts';
import type { ShippingLabelDeps } from '../../modules/shipping-labels/shipping-labels-deps.ts';
import { type FlowLog, runFlow, step } from '../steps.ts';

export type TransactionsHistoryDeps = {
  db: Db;
  /** The shipping-labels module's: the label request of each processing-fee order. */
  labels: ShippingLabelDeps;
  log: FlowLog;
};

const listTransactions = step(
  "list the center's transactions",
  (input: { db: Db; scope: HistoryScope; page: PageRequest; processingFeeOnly: boolean }) =>
    listTransactionHistory(input.db, input.scope, input.page, { processingFeeOnly: input.processingFeeOnly }),
);

const findLabelRequests = step(
  'find their label requests',
  (input: { labels: ShippingLabelDeps; transactionIds: number[] }) =>
    labelSummariesOfTransactions(input.labels, input.transactionIds),
);

/**
 * A center's transaction history (checkout's transactions, newest first) with the label request each
 * order has (shipping-labels), for the HC's and the RHC's history pages. Reads only: nothing to undo.
 */
export async function transactionsHistory(
  deps: TransactionsHistoryDeps,
  scope: HistoryScope,
  page: PageRequest,
  options: { processingFeeOnly: boolean },
): Promise<{ count: number; results: TTransactionHistoryRow[] }> {
  return runFlow(deps.log, async (run) => {
    const history = await run(listTransactions, { db: deps.db, scope, page, ...options });
    const labels = await run(findLabelRequests, {
      labels: deps.labels,
      transactionIds: history.results.map((row) => row.id),
    });
    return {
      count: history.count,
      results: history.results.map((row) => ({ ...row, fedex_request: labels.get(row.id) ?? null })),
    };
  });
}

/** Where a transaction's receipt PDF is kept in the file storage. */
export function receiptKey(invoiceId: number): string {
  return `receipts/${invoiceId}.pdf`;
}

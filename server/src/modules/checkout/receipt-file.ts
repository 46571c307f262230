import type { Db } from '../../db/client.ts';
import type { transactions } from '../../db/schema/commerce.ts';
import { enqueueMail } from '../../mail-delivery/outbox.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { cpuPool, cpuTask } from '../../workers/cpu-pool.ts';
import { accountContact } from '../accounts/account-view.repository.ts';
import { centerLogoBytes } from '../accounts/center-logo.ts';
import type { buildReceiptPdf, ReceiptFacts } from './receipt-pdf.ts';
import { receiptKey } from './receipts.ts';

type TransactionRow = typeof transactions.$inferSelect;
type Contact = Awaited<ReturnType<typeof accountContact>> | null;

/** The receipt's PDF, made on the CPU pool's threads (docs/decisions/029). */
export const RECEIPT_PDF_TASK = cpuTask<typeof buildReceiptPdf>(
  new URL('./receipt-pdf.ts', import.meta.url),
  'buildReceiptPdf',
);

/** What the receipt of a transaction says, from its record: the one source for the mail and the download. */
export function receiptFactsOf(t: TransactionRow, buyer: Contact, patientName: string | null): ReceiptFacts {
  return {
    invoiceId: t.invoiceId,
    createdAt: t.createdAt,
    buyerName: buyer?.company || `${buyer?.firstName ?? ''} ${buyer?.lastName ?? ''}`.trim(),
    buyerEmail: t.billingEmail || t.hcEmail || buyer?.email || '',
    productName: t.productName,
    orderDescription: t.orderDescription,
    quantity: t.quantity,
    unitPriceCents: t.unitPriceCents,
    shippingFeeCents: t.shippingFeeCents,
    harvestFeeCents: t.harvestFeeCents,
    discountCents: t.discountCents,
    couponCode: t.couponCodeUsed,
    amountCents: t.amountCents,
    cardType: t.cardType,
    cardLast4: t.cardLast4,
    patientName,
    billingAddress: t.billingAddress,
  };
}

/** The stored receipt of a transaction, written again from the record if the file went missing. */
export async function receiptBytes(db: Db, storage: FileStorage, t: TransactionRow): Promise<Uint8Array> {
  const key = receiptKey(t.invoiceId);
  if (await storage.exists(key)) return storage.getBytes(key);
  const buyer = t.buyerUserId !== null ? await accountContact(db, t.buyerUserId) : null;
  const patient = t.patientId !== null ? await accountContact(db, t.patientId) : null;
  const bytes = await cpuPool.run(RECEIPT_PDF_TASK, {
    facts: receiptFactsOf(t, buyer, patient ? `${patient.firstName} ${patient.lastName}`.trim() : null),
    logoPng: await centerLogoBytes(db, storage, t.harvestCenterId),
  });
  await storage.put(key, bytes, { contentType: 'application/pdf' });
  return bytes;
}

/**
 * The receipt of a paid order, once its record has committed: the PDF made on the CPU pool, stored
 * under the invoice number, then its mail queued with it attached (the caller wakes the mail worker).
 * Should this fail, the order stands: the receipt download makes the file again from the record.
 */
export async function storeAndMailReceipt(
  deps: { db: Db; storage: FileStorage },
  input: { row: TransactionRow; buyer: Contact; patientName: string | null },
): Promise<void> {
  const { row } = input;
  const facts = receiptFactsOf(row, input.buyer, input.patientName);
  const logoPng = await centerLogoBytes(deps.db, deps.storage, row.harvestCenterId);
  // Waits for a pool thread rather than refusing: the card is charged already.
  const pdf = await cpuPool.run(RECEIPT_PDF_TASK, { facts, logoPng }, { whenBusy: 'wait' });
  const key = receiptKey(row.invoiceId);
  await deps.storage.put(key, pdf, { contentType: 'application/pdf' });
  if (!facts.buyerEmail) return;
  await enqueueMail(deps.db, {
    to: facts.buyerEmail,
    subject: `Your receipt, invoice ${row.invoiceId}`,
    text: `Hello ${facts.buyerName},\n\nThank you for your purchase: ${row.orderDescription}. The receipt for invoice ${row.invoiceId} is attached.\n\nPortal`,
    attachments: [
      { filename: `receipt-${row.invoiceId}.pdf`, storageKey: key, contentType: 'application/pdf' },
    ],
  });
}

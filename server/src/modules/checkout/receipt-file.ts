import type { Db } from '../../db/client.ts';
import type { transactions } from '../../db/schema/commerce.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { cpuPool, cpuTask } from '../../workers/cpu-pool.ts';
import { accountContact } from '../accounts/buyers.ts';
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

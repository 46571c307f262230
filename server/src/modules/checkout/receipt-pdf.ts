import { formatDisplayDateTime } from '@portal/shared/dates';
import { formatCents } from '@portal/shared/products';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { StoredAddress } from '../../db/schema/commerce.ts';
import { drawTopRightLogo, encodableText, MARGIN, PageWriter } from '../../pdf-signing/pdf-layout.ts';

/** What a receipt shows: the order as charged. */
export type ReceiptFacts = {
  invoiceId: number;
  createdAt: Date;
  buyerName: string;
  buyerEmail: string;
  productName: string;
  orderDescription: string;
  quantity: number;
  unitPriceCents: number;
  shippingFeeCents: number;
  harvestFeeCents: number;
  discountCents: number;
  couponCode: string;
  amountCents: number;
  cardType: string;
  cardLast4: string;
  patientName: string | null;
  billingAddress: StoredAddress | null;
};

function addressLines(address: StoredAddress): string[] {
  const cityLine = [address.city, address.state, address.zip_code].filter(Boolean).join(', ');
  return [address.company, address.address1, address.address2, cityLine, address.country_desc].filter(
    Boolean,
  );
}

export type ReceiptPdfInput = { facts: ReceiptFacts; portalName?: string; logoPng?: Uint8Array | null };

/**
 * The PDF receipt mailed after a purchase and downloadable from the history (pdf-lib, standard
 * fonts). Runs on the CPU pool's threads (RECEIPT_PDF_TASK in receipt-file.ts).
 */
export async function buildReceiptPdf({ facts, ...options }: ReceiptPdfInput): Promise<Uint8Array> {
  const portalName = options.portalName ?? 'Portal';
  const doc = await PDFDocument.create();
  doc.setTitle(`Receipt ${facts.invoiceId}`);
  doc.setCreator(portalName);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new PageWriter(doc);
  const text = (value: string, size = 10, font = regular) =>
    w.text(encodableText(font, value), { font, size });

  if (options.logoPng) await drawTopRightLogo(w, options.logoPng);
  text(`${portalName} — Receipt`, 20, bold);
  w.space(6);
  text(`Invoice ${facts.invoiceId}`, 12, bold);
  text(`Date: ${formatDisplayDateTime(facts.createdAt)}`);
  text(`Billed to: ${facts.buyerName} <${facts.buyerEmail}>`);
  if (facts.patientName) text(`Patient: ${facts.patientName}`);
  w.space(10);
  w.rule();

  const row = (label: string, amount: string, font = regular) => {
    w.ensureRoom(16);
    w.y -= 16;
    w.page.drawText(encodableText(font, label), { x: MARGIN, y: w.y, size: 10, font });
    w.page.drawText(amount, {
      x: MARGIN + w.width - font.widthOfTextAtSize(amount, 10),
      y: w.y,
      size: 10,
      font,
    });
  };
  row(
    `${facts.productName} x ${facts.quantity} @ ${formatCents(facts.unitPriceCents)}`,
    formatCents(facts.unitPriceCents * facts.quantity),
  );
  if (facts.orderDescription) text(facts.orderDescription, 9);
  if (facts.shippingFeeCents > 0) row('Shipping fee', formatCents(facts.shippingFeeCents));
  if (facts.harvestFeeCents > 0) row('Harvest fee', formatCents(facts.harvestFeeCents));
  if (facts.discountCents > 0)
    row(`Discount (coupon ${facts.couponCode})`, `-${formatCents(facts.discountCents)}`);
  w.rule();
  row('Total paid', formatCents(facts.amountCents), bold);
  w.space(12);
  text(
    facts.cardLast4
      ? `Paid with ${facts.cardType} ending in ${facts.cardLast4}`
      : 'Nothing was charged to a card.',
  );
  if (facts.billingAddress) {
    w.space(8);
    text('Billing address', 10, bold);
    for (const line of addressLines(facts.billingAddress)) text(line);
  }
  w.footers(regular, `Invoice ${facts.invoiceId}`);
  return doc.save();
}

import { describe, expect, it } from 'vitest';
import { pdfText } from '../../pdf-signing/testing/pdf-fixtures.ts';
import { buildReceiptPdf } from './receipt-pdf.ts';

describe('buildReceiptPdf', () => {
  it("dates the receipt in the portal's one date format", async () => {
    const bytes = await buildReceiptPdf({
      facts: {
        invoiceId: 1001,
        createdAt: new Date('2026-11-26T15:25:17.922Z'),
        buyerName: 'Hana Center',
        buyerEmail: 'hana@example.test',
        productName: 'Processing fee',
        orderDescription: '',
        quantity: 1,
        unitPriceCents: 25_000,
        shippingFeeCents: 0,
        harvestFeeCents: 0,
        discountCents: 0,
        couponCode: '',
        amountCents: 25_000,
        cardType: 'Visa',
        cardLast4: '1111',
        patientName: null,
        billingAddress: null,
      },
    });
    const text = (await pdfText(bytes)).join('\n');
    expect(text).toContain('Date: 26 Nov 2026, 15:25 UTC');
    expect(text).toContain('$250.00');
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import {
  generateSigningCertificate,
  loadSigningCertificate,
  type SigningCertificate,
} from './certificate.ts';
import { pdfText } from './testing/pdf-fixtures.ts';
import { renderTimelinePdf } from './timeline-pdf.ts';

let certificate: SigningCertificate;

beforeAll(async () => {
  certificate = loadSigningCertificate(await generateSigningCertificate());
});

describe('renderTimelinePdf', () => {
  it("writes the print time and every event's time in the portal's one date format", async () => {
    const bytes = await renderTimelinePdf({
      timeline: {
        patient: { id: 7, name: 'Ana Ruiz', email: 'ana@example.test' },
        stage: { key: 'processing', label: 'Your vials are being prepared', next: null },
        events: [
          { at: '2026-03-01', kind: 'tissue', title: 'Tissue shipped', detail: '', who: null, link: null },
          {
            at: '2026-11-26T15:25:17.922Z',
            kind: 'order',
            title: 'Order 12',
            detail: '',
            who: 'Hana Center',
            link: null,
          },
        ],
      },
      printId: 'custody-test',
      printedAt: new Date('2026-11-27T08:05:59Z'),
      printedBy: 'Ada Admin',
      certificate,
    });
    const text = (await pdfText(bytes)).join('\n');
    expect(text).toContain('Printed 27 Nov 2026, 08:05 UTC by Ada Admin.');
    // A day the record keeps by day has no time; an instant has its UTC time.
    expect(text).toContain('1 Mar 2026 Tissue shipped');
    expect(text).toContain('26 Nov 2026, 15:25 UTC Order 12');
  });
});

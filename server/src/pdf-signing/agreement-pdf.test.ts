import { DOCUMENT_KINDS, DOCUMENT_NAMES } from '@portal/shared/documents';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { renderAgreementPdf } from './agreement-pdf.ts';
import { DOCUMENT_ID_INFO_KEY, getInfoText, readSignatureBox } from './pdf-layout.ts';
import { pdfText } from './testing/pdf-fixtures.ts';

const base = {
  signerName: 'Ana Ruiz',
  signerEmail: 'ana.ruiz@example.com',
  harvestCenterName: 'Harvest Center North',
  createdAt: new Date('2026-03-01T10:00:00Z'),
};

describe('renderAgreementPdf', () => {
  it.each(DOCUMENT_KINDS)('renders the %s agreement for its signer', async (kind) => {
    const documentId = `doc-${kind}-0001`;
    const bytes = await renderAgreementPdf({ ...base, kind, title: DOCUMENT_NAMES[kind], documentId });
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(doc.getTitle()).toBe(DOCUMENT_NAMES[kind]);
    expect(doc.getSubject()).toContain(documentId);
    expect(getInfoText(doc, DOCUMENT_ID_INFO_KEY)).toBe(documentId);

    const pages = await pdfText(bytes);
    const all = pages.join('\n');
    expect(all).toContain(DOCUMENT_NAMES[kind]);
    expect(all).toContain('Ana Ruiz (ana.ruiz@example.com)');
    expect(all).toContain('Harvest Center North');
    expect(all).toContain('Prepared: 1 Mar 2026, 10:00 UTC');
    for (const page of pages) expect(page).toContain(`Document ID: ${documentId}`);
    // Room for the signature is kept, and recorded, on the last page.
    expect(readSignatureBox(doc)?.pageIndex).toBe(doc.getPageCount() - 1);
  });

  it('writes names outside Latin-1 without failing', async () => {
    const bytes = await renderAgreementPdf({
      ...base,
      kind: 'processing',
      title: DOCUMENT_NAMES.processing,
      signerName: 'Łucja Dvořák 李',
      documentId: 'doc-unicode',
    });
    const all = (await pdfText(bytes)).join('\n');
    expect(all).toContain('Signer: Lucja Dvorák ? (ana.ruiz@example.com)');
  });

  it('flows a long text onto more pages, every page with its footer', async () => {
    const bytes = await renderAgreementPdf({
      ...base,
      kind: 'storage',
      title: DOCUMENT_NAMES.storage,
      harvestCenterName: 'A harvest center with a very long name '.repeat(40).trim(),
      documentId: 'doc-long',
    });
    const pages = await pdfText(bytes);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
  });

  it("gives a harvest center's own attestation the center's text", async () => {
    const bytes = await renderAgreementPdf({
      ...base,
      kind: 'attestation',
      title: DOCUMENT_NAMES.attestation,
      signerName: 'Dr. Jane Smith',
      signerRole: 'harvest-center',
      documentId: 'doc-hc',
    });
    const all = (await pdfText(bytes)).join('\n');
    expect(all).toContain('Screening of patients');
    expect(all).not.toContain('Health screening');
    const forPatient = (
      await pdfText(
        await renderAgreementPdf({ ...base, kind: 'attestation', title: 'A', documentId: 'doc-p' }),
      )
    ).join('\n');
    expect(forPatient).toContain('Health screening');
  });
});

import { cpuTask } from '../workers/cpu-pool.ts';
import type { renderAgreementPdf } from './agreement-pdf.ts';
import type { checkPdfOpens, completeSignedPdf } from './complete-pdf.ts';
import { InvalidPdfError } from './pdf-errors.ts';
import { InvalidSignatureImageError, SignatureImageTooLargeError } from './signature-image.ts';
import type { renderTimelinePdf } from './timeline-pdf.ts';
import type { verifySealedPdfTask } from './verify-pdf.ts';

/**
 * The PDF work, as tasks of the CPU pool (`cpuPool.run(PDF_TASKS.x, input)`, docs/decisions/029):
 * rendering, stamping and sealing, opening and verifying take tens to hundreds of milliseconds of
 * CPU each, which on the event loop every other request would wait for. The modules named here load
 * on the pool's threads only.
 */
const here = (file: string) => new URL(file, import.meta.url);

export const PDF_TASKS = {
  completeSignedPdf: cpuTask<typeof completeSignedPdf>(here('./complete-pdf.ts'), 'completeSignedPdf', [
    InvalidPdfError,
    InvalidSignatureImageError,
    SignatureImageTooLargeError,
  ]),
  checkPdfOpens: cpuTask<typeof checkPdfOpens>(here('./complete-pdf.ts'), 'checkPdfOpens', [InvalidPdfError]),
  renderAgreementPdf: cpuTask<typeof renderAgreementPdf>(here('./agreement-pdf.ts'), 'renderAgreementPdf'),
  renderTimelinePdf: cpuTask<typeof renderTimelinePdf>(here('./timeline-pdf.ts'), 'renderTimelinePdf'),
  verifySealedPdf: cpuTask<typeof verifySealedPdfTask>(here('./verify-pdf.ts'), 'verifySealedPdfTask'),
};

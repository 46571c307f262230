/** The original cannot be opened as a PDF (damaged, not a PDF, or encrypted). */
export class InvalidPdfError extends Error {
  constructor(
    message = 'This PDF cannot be opened (damaged, empty or password-protected).',
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'InvalidPdfError';
  }
}

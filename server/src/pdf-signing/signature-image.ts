import { type PngHeader, pngDataFitsHeader, readPngHeader } from './png-header.ts';

/**
 * The largest drawn signature accepted, in pixels: the signing page's pad is at most 960 CSS pixels
 * wide and 180 high, drawn at a pixel ratio of at most 2 (web/src/components/signing).
 */
export const DRAWN_SIGNATURE_MAX_PIXELS = { width: 2000, height: 1000 } as const;

/** The drawn signature is not a PNG image (or its image data does not match its header). */
export class InvalidSignatureImageError extends Error {
  constructor(message = 'The drawn signature must be a PNG image.', options?: ErrorOptions) {
    super(message, options);
    this.name = 'InvalidSignatureImageError';
  }
}

/** The drawn signature is larger than a signature pad makes. */
export class SignatureImageTooLargeError extends Error {
  constructor(
    message = `The drawn signature is too large: at most ${DRAWN_SIGNATURE_MAX_PIXELS.width}×${DRAWN_SIGNATURE_MAX_PIXELS.height} pixels.`,
  ) {
    super(message);
    this.name = 'SignatureImageTooLargeError';
  }
}

/** A drawn signature's header, refused (before any decoding) unless it is a PNG of a signature's size. */
export function checkDrawnSignatureHeader(png: Uint8Array): PngHeader {
  const header = readPngHeader(png);
  if (!header) throw new InvalidSignatureImageError();
  if (header.width > DRAWN_SIGNATURE_MAX_PIXELS.width || header.height > DRAWN_SIGNATURE_MAX_PIXELS.height) {
    throw new SignatureImageTooLargeError();
  }
  return header;
}

/** The header check, then the image data's: it inflates to no more than the header says. */
export function checkDrawnSignature(png: Uint8Array): void {
  const header = checkDrawnSignatureHeader(png);
  if (!pngDataFitsHeader(png, header)) throw new InvalidSignatureImageError();
}

import { signUrlPath, verifySignedUrlPath } from '../../storage/signed-urls.ts';

/** How long a signed file link works: long enough to read a list and click, short enough to leak little. */
export const MEDIA_URL_TTL_SECONDS = 60 * 60;

export function mediaPath(documentId: string): string {
  return `/media/${documentId}.pdf`;
}

/**
 * A link to a document's file that works without the session header (a new tab), relative to the
 * API host. `original` is the unsigned file the signing page shows; it is only ever handed to the
 * holder of a signing link.
 */
export function signedMediaPath(
  secret: string,
  documentId: string,
  version: 'final' | 'original' = 'final',
): string {
  return signUrlPath(
    secret,
    mediaPath(documentId),
    MEDIA_URL_TTL_SECONDS,
    version === 'original' ? { version: 'original' } : undefined,
  );
}

export function isValidSignedMediaQuery(
  secret: string,
  documentId: string,
  query: Record<string, unknown>,
): boolean {
  return verifySignedUrlPath(secret, mediaPath(documentId), query);
}

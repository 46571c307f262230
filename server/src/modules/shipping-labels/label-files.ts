import { randomUUID } from 'node:crypto';
import { signUrlPath, verifySignedUrlPath } from '../../storage/signed-urls.ts';

/** Label PDFs live under this storage prefix; the media route serves `/media/fedex-label/{file}`. */
const LABEL_PREFIX = 'shipping-labels/';
/** A label link works this long without the session (a new tab, a mail reader's click within the hour). */
export const LABEL_URL_TTL_SECONDS = 60 * 60;
/** The {file} of a label (a random name, so one label's link says nothing of another's): letters, no path. */
export const LABEL_FILE_PATTERN = /^[A-Za-z0-9_-]{1,64}(\.pdf)?$/;

export function newLabelKey(): string {
  return `${LABEL_PREFIX}${randomUUID()}.pdf`;
}

export function labelKeyOfFile(file: string): string {
  return `${LABEL_PREFIX}${file}`;
}

export function labelMediaPath(labelKey: string): string {
  return `/media/fedex-label/${labelKey.slice(LABEL_PREFIX.length)}`;
}

export function signedLabelPath(secret: string, labelKey: string): string {
  return signUrlPath(secret, labelMediaPath(labelKey), LABEL_URL_TTL_SECONDS);
}

export function isValidSignedLabelQuery(secret: string, labelKey: string, query: Record<string, unknown>) {
  return verifySignedUrlPath(secret, labelMediaPath(labelKey), query);
}

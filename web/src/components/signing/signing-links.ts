import { ZSigningLinkBody } from '@portal/shared/documents';

/** What a signing link carries: the document and the single-use token that is its credential. */
export interface SigningLink {
  documentId: string;
  token: string;
}

/**
 * Whether a link has the shape the server accepts (an id, a token of the right length). A mistyped or
 * cut-off link is told "not valid" at once, as the server says of an unknown one, rather than with the
 * length rule of a field the signer never typed.
 */
export function isWellFormedSigningLink(link: SigningLink): boolean {
  return ZSigningLinkBody.safeParse({ document_id: link.documentId, token: link.token }).success;
}

/**
 * The document and token of a signLink (the answer of sign-link-patient/, harvest-center/attestation/
 * and auth/boldsign/: `…/sign-your-document?documentId=…&token=…`), or null when it has neither.
 */
export function parseSignLink(signLink: string, base: string = window.location.origin): SigningLink | null {
  let url: URL;
  try {
    url = new URL(signLink, base);
  } catch {
    return null;
  }
  const documentId = url.searchParams.get('documentId');
  const token = url.searchParams.get('token');
  return documentId && token ? { documentId, token } : null;
}

/**
 * A page of this site named by the server (the completed page after signing: a path, or a URL of
 * this origin) as a path to navigate to; null for anything else, which the browser must not follow.
 */
export function sameOriginPath(target: string, origin: string = window.location.origin): string | null {
  try {
    const url = new URL(target, origin);
    return url.origin === origin ? url.pathname + url.search : null;
  } catch {
    return null;
  }
}

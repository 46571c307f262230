import { randomBytes } from 'node:crypto';
import {
  EMBEDDED_SIGNING_LINK_MINUTES,
  MAILED_SIGNING_LINK_DAYS,
  SIGNING_LINK_MESSAGES,
} from '@portal/shared/documents';
import { hashToken } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors/app-error.ts';
import {
  type DocumentRow,
  findLinkWithDocument,
  insertSigningLink,
  revokeLinks,
  type SigningLinkRow,
} from './documents.repository.ts';

export type LinkChannel = SigningLinkRow['channel'];

/** Mailed links work 14 days; links opened at once (the portal's dialog, the HC sign-up) an hour. */
export function linkLifetimeMs(channel: LinkChannel): number {
  return channel === 'email'
    ? MAILED_SIGNING_LINK_DAYS * 24 * 60 * 60 * 1000
    : EMBEDDED_SIGNING_LINK_MINUTES * 60 * 1000;
}

/** The portal's own signing page for a link. */
export function signingPageUrl(publicUrl: string, documentId: string, token: string): string {
  const query = new URLSearchParams({ documentId, token });
  return `${publicUrl}/sign-your-document?${query}`;
}

/**
 * A new signing link for a Pending document (32 random bytes; only the hash is stored). It revokes
 * the document's older links, so only the newest mail or dialog works. Call inside the transaction
 * that also queues the mail carrying it.
 */
export async function createSigningLink(
  db: Db,
  document: Pick<DocumentRow, 'id' | 'documentId'>,
  channel: LinkChannel,
  publicUrl: string,
): Promise<{ url: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + linkLifetimeMs(channel));
  const link = await insertSigningLink(db, {
    documentId: document.id,
    tokenHash: hashToken(token),
    channel,
    expiresAt,
  });
  await revokeLinks(db, document.id, link.id);
  return { url: signingPageUrl(publicUrl, document.documentId, token), expiresAt };
}

export type LinkRefusal = keyof typeof SIGNING_LINK_MESSAGES;

const REFUSAL_STATUS: Record<LinkRefusal, number> = { invalid: 404, expired: 410, voided: 410, used: 409 };

export function linkRefused(reason: LinkRefusal): AppError {
  return new AppError(REFUSAL_STATUS[reason], SIGNING_LINK_MESSAGES[reason], {
    code: `signing_link_${reason}`,
  });
}

/**
 * The link and its document when the link may be used now; otherwise the refusal. A token that is
 * unknown, belongs to another document or was replaced by a newer link is 'invalid' (a stranger
 * learns nothing more); only a real link's holder hears that it expired, was used or was cancelled.
 */
export async function findUsableLink(
  db: Db,
  input: { documentId: string; token: string },
  options: { forUpdate?: boolean; now?: Date } = {},
): Promise<{ link: SigningLinkRow; document: DocumentRow }> {
  const row = await findLinkWithDocument(db, hashToken(input.token), options);
  if (!row || row.document.documentId !== input.documentId) throw linkRefused('invalid');
  const { link, document } = row;
  if (document.status === 'Voided') throw linkRefused('voided');
  if (document.status === 'Completed' || link.usedAt) throw linkRefused('used');
  if (link.revokedAt || document.provider !== 'builtin') throw linkRefused('invalid');
  if (link.expiresAt.getTime() <= (options.now ?? new Date()).getTime()) throw linkRefused('expired');
  return { link, document };
}

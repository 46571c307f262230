import { createPasswordLink } from '../../auth/password-links.ts';
import type { Db } from '../../db/client.ts';
import { enqueueMail } from '../../mail/outbox.ts';

/** An invitation to set a first password stays valid longer than a reset link. */
export const INVITATION_TTL_DAYS = 7;

/**
 * Queues the mail that invites a new account to set its password, in the caller's transaction.
 * The link is a single-use password token (the reset flow's page), valid for 7 days.
 */
export async function queueInvitationMail(
  db: Db,
  account: { id: number; email: string; firstName: string },
  publicUrl: string,
): Promise<void> {
  const link = await createPasswordLink(db, {
    userId: account.id,
    publicUrl,
    ttlMs: INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000,
  });
  await enqueueMail(db, {
    to: account.email,
    subject: 'Welcome to Portal: set your password',
    text: [
      `Hello ${account.firstName || account.email},`,
      '',
      'An account has been created for you on Portal. Open this link to set your password:',
      link,
      '',
      `The link works once and expires in ${INVITATION_TTL_DAYS} days.`,
    ].join('\n'),
  });
}

import { randomBytes } from 'node:crypto';
import { EMAIL_CONFIRMATION_INVALID_MESSAGE, EMAIL_CONFIRMATION_TTL_DAYS } from '@portal/shared/sign-up';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { countRecentAudit, recordAudit, visitorIdentity } from '../audit-chain/audit-log.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/accounts.ts';
import { auditLog } from '../db/schema/platform.ts';
import { emailConfirmations } from '../db/schema/sign-up.ts';
import { badRequest } from '../errors/app-error.ts';
import { enqueueMail } from '../mail-delivery/outbox.ts';
import { hashToken } from './tokens.ts';

const TTL_MS = EMAIL_CONFIRMATION_TTL_DAYS * 24 * 60 * 60 * 1000;
const RESENT = 'email_confirmation.resent';
/** New links per address and quarter of an hour: enough for a lost mail, not a mail bomb. */
const RESEND_LIMIT = 3;
const RESEND_WINDOW_MS = 15 * 60 * 1000;

/**
 * Queues the welcome mail of a self-made account with its confirmation link, in the caller's
 * transaction; the account's older unused links stop working.
 */
export async function queueEmailConfirmation(
  db: Db,
  account: { id: number; email: string; firstName: string },
  publicUrl: string,
): Promise<void> {
  await db
    .delete(emailConfirmations)
    .where(and(eq(emailConfirmations.userId, account.id), isNull(emailConfirmations.usedAt)));
  const raw = randomBytes(32).toString('base64url');
  await db.insert(emailConfirmations).values({
    tokenHash: hashToken(raw),
    userId: account.id,
    expiresAt: new Date(Date.now() + TTL_MS),
  });
  await enqueueMail(db, {
    to: account.email,
    subject: 'Welcome to Portal: confirm your e-mail address',
    text: [
      `Hello ${account.firstName || account.email},`,
      '',
      'Your Portal account has been created. Open this link to confirm your e-mail address; you can sign in afterwards:',
      `${publicUrl}/confirm-email?token=${raw}`,
      '',
      `The link works once and expires in ${EMAIL_CONFIRMATION_TTL_DAYS} days. If you did not sign up, ignore this e-mail.`,
    ].join('\n'),
  });
}

/** POST /api/v1/sign-up/confirm-email/: the link's account is confirmed; the link is used up. */
export async function confirmEmail(db: Db, token: string, ip: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(emailConfirmations)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailConfirmations.tokenHash, hashToken(token)),
          isNull(emailConfirmations.usedAt),
          gt(emailConfirmations.expiresAt, sql`now()`),
        ),
      )
      .returning({ userId: emailConfirmations.userId });
    if (!claimed) throw badRequest(EMAIL_CONFIRMATION_INVALID_MESSAGE);
    await tx
      .update(users)
      .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, now())` })
      .where(eq(users.id, claimed.userId));
    await recordAudit(tx, visitorIdentity(ip), { action: 'email.confirmed', targetUserId: claimed.userId });
  });
}

/**
 * POST /api/v1/sign-up/resend-confirmation/: a new link for an active account still waiting for
 * confirmation. The caller answers the same whatever happens here, so nobody learns whether an
 * address has an account; true when a mail was queued.
 */
export async function resendEmailConfirmation(
  db: Db,
  email: string,
  context: { publicUrl: string; ip: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(
        and(
          eq(sql`lower(${users.email})`, email.trim().toLowerCase()),
          isNull(users.emailConfirmedAt),
          eq(users.isActive, true),
        ),
      )
      .for('update');
    if (!account) return false;
    const recent = await countRecentAudit(
      tx,
      RESENT,
      RESEND_WINDOW_MS,
      eq(auditLog.targetUserId, account.id),
    );
    if (recent >= RESEND_LIMIT) return false;
    await queueEmailConfirmation(tx, account, context.publicUrl);
    await recordAudit(tx, visitorIdentity(context.ip), {
      action: RESENT,
      targetUserId: account.id,
      email: account.email,
    });
    return true;
  });
}

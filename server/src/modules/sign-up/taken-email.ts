import { SIGN_UP_TAKEN_NOTICE_SUBJECT } from '@portal/shared/sign-up';
import { visitorIdentity } from '../../audit-chain/audit-log.ts';
import type { Db } from '../../db/client.ts';
import { enqueueMail } from '../../mail-delivery/outbox.ts';
import { countRecentTakenEmailSignUps, noteTakenEmailSignUp } from './taken-email.repository.ts';

/** Notices an owner gets an hour, however many sign-ups name its address: enough to know, not a flood. */
export const TAKEN_EMAIL_NOTICES_PER_HOUR = 3;
const HOUR_MS = 60 * 60 * 1000;

/**
 * A public form was sent with an address that already has an account. The visitor is answered as
 * for a new address (the form tells nobody whether an address has an account); the owner is told
 * instead, by mail through the outbox, in the caller's transaction. Nothing of the account changes.
 */
export async function tellOwnerOfSignUpAttempt(
  tx: Db,
  owner: { id: number; email: string; firstName: string },
  context: { ip: string; publicUrl: string; membershipId: number },
): Promise<void> {
  const recent = await countRecentTakenEmailSignUps(tx, owner.id, HOUR_MS);
  await noteTakenEmailSignUp(tx, visitorIdentity(context.ip), owner.id, context.membershipId);
  if (recent >= TAKEN_EMAIL_NOTICES_PER_HOUR) return;
  await enqueueMail(tx, {
    to: owner.email,
    subject: SIGN_UP_TAKEN_NOTICE_SUBJECT,
    text: [
      `Hello ${owner.firstName || owner.email},`,
      '',
      `Someone just used a Portal sign-up form with this e-mail address (${owner.email}). It already has a Portal account, so no new account was made and nothing of your account was changed.`,
      '',
      `If it was you: sign in at ${context.publicUrl}/ with your password; if you forgot it, use "Forgot password?" on the sign-in page. An e-mail address has one Portal account: to make another account, use another address.`,
      '',
      'If it was not you, you need not do anything. Nobody was told that this address has an account.',
    ].join('\n'),
  });
}

import { MEMBERSHIP } from '@portal/shared/memberships';
import { ALREADY_SIGNED_IN_MESSAGE, RESEND_INVITATION_FORBIDDEN_MESSAGE } from '@portal/shared/users';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor } from '../../auth/actor.ts';
import { createPasswordLink } from '../../auth/password-links.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors/app-error.ts';
import { enqueueMail } from '../../mail-delivery/outbox.ts';
import { isPatientOfHarvestCenter, isStaffOfHarvestCenter } from './center-links.repository.ts';
import {
  countRecentAuditOnAccount,
  deleteUnusedPasswordLinks,
  findInvitee,
  lockInvitee,
} from './invitations.repository.ts';
import { isInCallersDomain } from './roles.ts';

/** An invitation to set a first password stays valid longer than a reset link. */
export const INVITATION_TTL_DAYS = 7;

/**
 * Queues the mail that invites a new account to set its password, in the caller's transaction.
 * The link is a single-use password token ("Set your password", /set-password), valid for 7 days.
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
    purpose: 'invitation',
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

/** Resent invitations per account and quarter of an hour: enough for a typo, not a mail bomb. */
const RESEND_LIMIT = 3;
const RESEND_WINDOW_MS = 15 * 60 * 1000;
const INVITATION_RESENT = 'invitation.resent';

/**
 * Who may send an account its invitation again: admins any account but their own (a super admin's
 * only by a super admin); a harvest center its own patients and its staff. Everyone else, nobody.
 */
async function canResendInvitation(
  db: Db,
  actor: Actor,
  target: { id: number; membershipId: number; isSuperuser: boolean; domainId: number | null },
): Promise<boolean> {
  if (target.id === actor.id) return false;
  if (actor.isAdmin) return isInCallersDomain(actor, target) && (!target.isSuperuser || actor.isSuperuser);
  if (actor.membershipId !== MEMBERSHIP.harvestCenter) return false;
  if (target.membershipId === MEMBERSHIP.patient) return isPatientOfHarvestCenter(db, target.id, actor.id);
  if (target.membershipId === MEMBERSHIP.hcStaff) return isStaffOfHarvestCenter(db, target.id, actor.id);
  return false;
}

/**
 * POST /api/v1/users/{id}/resend-invitation/: a new invitation mail (7 days). Only for an active
 * account that has never signed in (afterwards "Forgot Password?" is the way); the new link
 * replaces the account's unused ones, so only the latest mail works.
 */
export async function resendInvitation(
  db: Db,
  actor: Actor,
  userId: number,
  context: { publicUrl: string; ip: string },
): Promise<{ message: string }> {
  const target = await findInvitee(db, userId);
  if (!target) throw notFound('This user does not exist.');
  if (!(await canResendInvitation(db, actor, target))) throw forbidden(RESEND_INVITATION_FORBIDDEN_MESSAGE);
  if (!target.isActive) throw badRequest('This account is inactive. Activate it first.');
  if (target.lastLogin !== null) throw conflict(ALREADY_SIGNED_IN_MESSAGE);

  await db.transaction(async (tx) => {
    // Serialises two resends of one account, so the limit below holds.
    await lockInvitee(tx, target.id);
    // Counted in the audit log: the links themselves are replaced by each resend.
    const recent = await countRecentAuditOnAccount(tx, INVITATION_RESENT, RESEND_WINDOW_MS, target.id);
    if (recent >= RESEND_LIMIT) {
      throw new AppError(
        429,
        'Several invitations were sent to this account recently. Please wait 15 minutes.',
      );
    }
    await deleteUnusedPasswordLinks(tx, target.id);
    await queueInvitationMail(tx, target, context.publicUrl);
    await recordAudit(tx, identityOf(actor, context), { action: INVITATION_RESENT, targetUserId: target.id });
  });
  return { message: `The invitation has been sent again to ${target.email}.` };
}

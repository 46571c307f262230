import type { AuditIdentity } from '../../../audit-chain/audit-log.ts';
import { revokeAllSessionsOfUser } from '../../../auth/session-revocation.ts';
import type { Db } from '../../../db/client.ts';
import { auditFactor, mailFactorNotice } from './factor-notices.ts';
import { deleteAllFactorsOf } from './factors.repository.ts';

/**
 * An admin's answer to a lost device (docs/decisions/031): every passkey, the authenticator app and
 * the recovery codes of the account go, its sessions end (every process at once, by the revocation's
 * NOTIFY), the account is told by mail, and the trail records who did it. At its next sign-in the
 * account sets up a factor again if its type requires one. Who may do it is the caller's policy.
 */
export async function resetSecondFactors(
  db: Db,
  target: { id: number; email: string; firstName: string },
  by: AuditIdentity,
): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await deleteAllFactorsOf(tx, target.id);
    await revokeAllSessionsOfUser(tx, target.id);
    await mailFactorNotice(
      tx,
      target,
      'Your Portal sign-in factors were reset',
      'An administrator removed the passkeys, the authenticator app and the recovery codes of your account, and signed it out everywhere. When you sign in next, you may be asked to set up a second factor again.',
    );
    await auditFactor(tx, by, {
      action: 'reset',
      targetUserId: target.id,
      detail: { passkeys: removed.passkeys, totp: removed.totp },
    });
  });
}

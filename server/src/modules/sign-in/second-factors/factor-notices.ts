import { type AuditIdentity, recordAudit } from '../../../audit-chain/audit-log.ts';
import type { Db } from '../../../db/client.ts';
import { enqueueMail } from '../../../mail-delivery/outbox.ts';

type Account = { id: number; email: string; firstName: string };

/**
 * A change to how an account signs in is mailed to it (in the same transaction), so the owner
 * learns of a factor added or removed by someone holding the session or the password.
 */
export async function mailFactorNotice(
  db: Db,
  account: Account,
  subject: string,
  what: string,
): Promise<void> {
  await enqueueMail(db, {
    to: account.email,
    subject,
    text: [
      `Hello ${account.firstName || account.email},`,
      '',
      what,
      '',
      'If this was not you, reset your password now and tell your Portal administrator.',
    ].join('\n'),
  });
}

/** second_factor.added / .removed / .used / .failed / .reset / .policy_changed on the audit trail. */
export async function auditFactor(
  db: Db,
  by: AuditIdentity,
  entry: {
    action: 'added' | 'removed' | 'used' | 'failed' | 'reset' | 'policy_changed' | 'recovery_codes_renewed';
    /** The account whose factors these are (null for the policy of every account). */
    targetUserId: number | null;
    detail: Record<string, unknown>;
  },
): Promise<void> {
  await recordAudit(db, by, {
    action: `second_factor.${entry.action}`,
    targetUserId: entry.targetUserId,
    detail: entry.detail,
  });
}

import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { AppError } from '../../http/errors.ts';

/** Failed logins allowed per window before 429; counted from the audit log, so every process agrees. */
export const LOGIN_THROTTLE = { windowMinutes: 15, perAccount: 5, perIp: 30 } as const;

export const THROTTLED_MESSAGE = `Too many failed login attempts. Please wait ${LOGIN_THROTTLE.windowMinutes} minutes and try again.`;

async function countRecent(db: Db, action: string, column: 'email' | 'ip', value: string): Promise<number> {
  const since = sql`now() - make_interval(mins => ${LOGIN_THROTTLE.windowMinutes})`;
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog[column], value), gt(auditLog.createdAt, since)));
  return row.n;
}

export async function assertLoginAllowed(db: Db, email: string, ip: string): Promise<void> {
  const [byAccount, byIp] = await Promise.all([
    countRecent(db, 'login.failed', 'email', email),
    countRecent(db, 'login.failed', 'ip', ip),
  ]);
  if (byAccount >= LOGIN_THROTTLE.perAccount || byIp >= LOGIN_THROTTLE.perIp) {
    throw new AppError(429, THROTTLED_MESSAGE);
  }
}

/** At most this many reset mails per address per window, so the form cannot flood an inbox. */
export async function isResetRequestAllowed(db: Db, email: string): Promise<boolean> {
  return (await countRecent(db, 'password_reset.requested', 'email', email)) < 5;
}

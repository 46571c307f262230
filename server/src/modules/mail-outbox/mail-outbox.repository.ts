import type { TOutboxMail, TOutboxMailDetail } from '@portal/shared/mail-outbox';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { mailOutbox } from '../../db/schema/platform.ts';
import { maskSecretLinks } from '../../mail-delivery/secret-links.ts';

type Row = typeof mailOutbox.$inferSelect;

function toMail(row: Row): TOutboxMail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    last_error: row.lastError,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
    next_attempt_at: row.nextAttemptAt.toISOString(),
  };
}

export async function listOutboxMail(
  db: Db,
  query: { limit: number; offset: number; status?: Row['status']; search?: string },
): Promise<{ count: number; results: TOutboxMail[] }> {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(mailOutbox.status, query.status));
  if (query.search) {
    const pattern = containsPattern(query.search);
    filters.push(or(ilike(mailOutbox.to, pattern), ilike(mailOutbox.subject, pattern))!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ n: count() }).from(mailOutbox).where(where),
  ]);
  return { count: total.n, results: rows.map(toMail) };
}

export async function findOutboxMail(db: Db, id: number): Promise<TOutboxMailDetail | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  // Admins see what was sent, never a link they could use as its recipient (a pending reset link).
  return row && { ...toMail(row), text: maskSecretLinks(row.text), reply_to: row.replyTo };
}

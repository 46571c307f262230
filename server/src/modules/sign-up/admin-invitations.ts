import { randomBytes } from 'node:crypto';
import {
  ADMIN_INVITATION_REVOKED_MESSAGE,
  ADMIN_INVITATION_TTL_DAYS,
  SIGN_UP_FORMS,
  type TAdminInvitation,
  type TAdminInvitationStatus,
} from '@portal/shared/sign-up';
import { and, count, desc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor } from '../../auth/actor.ts';
import { hashToken } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { personNameSql } from '../../db/person-name.ts';
import { users } from '../../db/schema/accounts.ts';
import { adminInvitations } from '../../db/schema/sign-up.ts';
import { conflict, notFound } from '../../errors/app-error.ts';

const TTL_MS = ADMIN_INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/** Neither used, revoked nor expired. */
const isLive: SQL = and(
  isNull(adminInvitations.usedAt),
  isNull(adminInvitations.revokedAt),
  gt(adminInvitations.expiresAt, sql`now()`),
) as SQL;

export async function findActiveInvitation(db: Db, pass: string) {
  const [row] = await db
    .select({ id: adminInvitations.id })
    .from(adminInvitations)
    .where(and(eq(adminInvitations.tokenHash, hashToken(pass)), isLive))
    .limit(1);
  return row;
}

/**
 * Uses up a live invitation in the sign-up's transaction (a rollback gives it back); null when the
 * pass is unknown, used, revoked or expired. The conditional UPDATE lets only one sign-up use it.
 */
export async function claimAdminInvitation(db: Db, pass: string): Promise<number | null> {
  const [row] = await db
    .update(adminInvitations)
    .set({ usedAt: sql`now()` })
    .where(and(eq(adminInvitations.tokenHash, hashToken(pass)), isLive))
    .returning({ id: adminInvitations.id });
  return row?.id ?? null;
}

export async function recordInvitationUse(db: Db, id: number, userId: number): Promise<void> {
  await db.update(adminInvitations).set({ usedBy: userId }).where(eq(adminInvitations.id, id));
}

const creator = alias(users, 'creator');
const usedBy = alias(users, 'used_by_user');

function statusOf(row: {
  usedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date;
}): TAdminInvitationStatus {
  if (row.usedAt) return 'Used';
  if (row.revokedAt) return 'Revoked';
  return row.expiresAt.getTime() <= Date.now() ? 'Expired' : 'Active';
}

async function selectInvitations(db: Db, where: SQL | undefined, limit: number, offset: number) {
  const rows = await db
    .select({
      id: adminInvitations.id,
      note: adminInvitations.note,
      createdAt: adminInvitations.createdAt,
      expiresAt: adminInvitations.expiresAt,
      usedAt: adminInvitations.usedAt,
      revokedAt: adminInvitations.revokedAt,
      creatorName: personNameSql(creator),
      creatorEmail: creator.email,
      usedByName: personNameSql(usedBy),
      usedByEmail: usedBy.email,
    })
    .from(adminInvitations)
    .leftJoin(creator, eq(creator.id, adminInvitations.createdBy))
    .leftJoin(usedBy, eq(usedBy.id, adminInvitations.usedBy))
    .where(where)
    .orderBy(desc(adminInvitations.createdAt), desc(adminInvitations.id))
    .limit(limit)
    .offset(offset);
  return rows.map(
    (r): TAdminInvitation => ({
      id: r.id,
      note: r.note,
      status: statusOf(r),
      created_by: r.creatorName ?? r.creatorEmail ?? '',
      created_at: r.createdAt.toISOString(),
      expires_at: r.expiresAt.toISOString(),
      used_at: r.usedAt?.toISOString() ?? null,
      used_by: r.usedByName ?? r.usedByEmail ?? null,
    }),
  );
}

/** GET /api/admin/admin-invitations/: every invitation, newest first, 10 a page. */
export async function listAdminInvitations(db: Db, query: { limit: number; offset: number }) {
  const [total] = await db.select({ n: count() }).from(adminInvitations);
  return { count: total?.n ?? 0, results: await selectInvitations(db, undefined, query.limit, query.offset) };
}

/**
 * POST /api/admin/admin-invitations/: a new single-use link to the admin sign-up form, valid for
 * 7 days. The raw pass exists only in this answer.
 */
export async function createAdminInvitation(
  db: Db,
  actor: Actor,
  input: { note: string },
  context: { publicUrl: string; ip: string },
): Promise<{ invitation: TAdminInvitation; link: string }> {
  const pass = randomBytes(32).toString('base64url');
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(adminInvitations)
      .values({
        tokenHash: hashToken(pass),
        note: input.note,
        createdBy: actor.session.actorUserId ?? actor.id,
        expiresAt: new Date(Date.now() + TTL_MS),
      })
      .returning({ id: adminInvitations.id });
    await recordAudit(tx, {
      action: 'admin_invitation.created',
      actorUserId: actor.session.actorUserId ?? actor.id,
      ip: context.ip,
      detail: { admin_invitation_id: row.id },
    });
    return row.id;
  });
  const [invitation] = await selectInvitations(db, eq(adminInvitations.id, id), 1, 0);
  return { invitation, link: `${context.publicUrl}${SIGN_UP_FORMS.admin.path}?pass=${pass}` };
}

/** POST /api/admin/admin-invitations/{id}/revoke/: a live invitation stops working. */
export async function revokeAdminInvitation(
  db: Db,
  actor: Actor,
  id: number,
  context: { ip: string },
): Promise<{ message: string }> {
  return db.transaction(async (tx) => {
    const [revoked] = await tx
      .update(adminInvitations)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(adminInvitations.id, id), isLive))
      .returning({ id: adminInvitations.id });
    if (!revoked) {
      const [exists] = await tx
        .select({ id: adminInvitations.id })
        .from(adminInvitations)
        .where(eq(adminInvitations.id, id));
      if (!exists) throw notFound('This invitation does not exist.');
      throw conflict('Only an active invitation can be revoked.');
    }
    await recordAudit(tx, {
      action: 'admin_invitation.revoked',
      actorUserId: actor.session.actorUserId ?? actor.id,
      ip: context.ip,
      detail: { admin_invitation_id: id },
    });
    return { message: ADMIN_INVITATION_REVOKED_MESSAGE };
  });
}

import { randomBytes } from 'node:crypto';
import {
  ADMIN_INVITATION_REVOKED_MESSAGE,
  ADMIN_INVITATION_TTL_DAYS,
  SIGN_UP_FORMS,
  type TAdminInvitation,
  type TAdminInvitationStatus,
} from '@portal/shared/sign-up';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import { type Actor, personOf } from '../../auth/actor.ts';
import { hashToken } from '../../auth/tokens.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../errors/app-error.ts';
import {
  countInvitations,
  findInvitations,
  findLiveInvitation,
  insertInvitation,
  invitationExists,
  revokeLiveInvitation,
  setInvitationUsedBy,
  useLiveInvitation,
} from './admin-invitations.repository.ts';

const TTL_MS = ADMIN_INVITATION_TTL_DAYS * 24 * 60 * 60 * 1000;

/** The live invitation a pass names, if any (neither used, revoked nor expired). */
export function findActiveInvitation(db: Db, pass: string) {
  return findLiveInvitation(db, hashToken(pass));
}

/**
 * Uses up a live invitation in the sign-up's transaction (a rollback gives it back); null when the
 * pass is unknown, used, revoked or expired. The conditional UPDATE lets only one sign-up use it.
 */
export function claimAdminInvitation(db: Db, pass: string): Promise<number | null> {
  return useLiveInvitation(db, hashToken(pass));
}

export function recordInvitationUse(db: Db, id: number, userId: number): Promise<void> {
  return setInvitationUsedBy(db, id, userId);
}

function statusOf(row: {
  usedAt: Date | null;
  revokedAt: Date | null;
  expiresAt: Date;
}): TAdminInvitationStatus {
  if (row.usedAt) return 'Used';
  if (row.revokedAt) return 'Revoked';
  return row.expiresAt.getTime() <= Date.now() ? 'Expired' : 'Active';
}

async function invitationsJson(rows: ReturnType<typeof findInvitations>): Promise<TAdminInvitation[]> {
  return (await rows).map((r) => ({
    id: r.id,
    note: r.note,
    status: statusOf(r),
    created_by: r.creatorName ?? r.creatorEmail ?? '',
    created_at: r.createdAt.toISOString(),
    expires_at: r.expiresAt.toISOString(),
    used_at: r.usedAt?.toISOString() ?? null,
    used_by: r.usedByName ?? r.usedByEmail ?? null,
  }));
}

/** GET /api/admin/admin-invitations/: every invitation, newest first, 10 a page. */
export async function listAdminInvitations(db: Db, query: { limit: number; offset: number }) {
  return { count: await countInvitations(db), results: await invitationsJson(findInvitations(db, query)) };
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
    const invitationId = await insertInvitation(tx, {
      tokenHash: hashToken(pass),
      note: input.note,
      createdBy: personOf(actor),
      expiresAt: new Date(Date.now() + TTL_MS),
    });
    await recordAudit(tx, identityOf(actor, context), {
      action: 'admin_invitation.created',
      detail: { admin_invitation_id: invitationId },
    });
    return invitationId;
  });
  const [invitation] = await invitationsJson(findInvitations(db, { id }));
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
    if (!(await revokeLiveInvitation(tx, id))) {
      if (!(await invitationExists(tx, id))) throw notFound('This invitation does not exist.');
      throw conflict('Only an active invitation can be revoked.');
    }
    await recordAudit(tx, identityOf(actor, context), {
      action: 'admin_invitation.revoked',
      detail: { admin_invitation_id: id },
    });
    return { message: ADMIN_INVITATION_REVOKED_MESSAGE };
  });
}

import type { TDeleteBlockers } from '@portal/shared/account-deletion';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import { revokeAllSessionsOfUser } from '../../auth/session-revocation.ts';
import type { Db } from '../../db/client.ts';
import { conflict, notFound } from '../../errors/app-error.ts';
import { countPatientsOfCenter } from '../accounts/patient-links.repository.ts';
import { assertCanManageAccount, assertCanWriteAccount } from './users.policy.ts';
import {
  countVialRecordsOf,
  deleteUser,
  findUserById,
  lockUser,
  updateUserActive,
} from './users.repository.ts';

/**
 * GET /api/v1/users/set/active|inactive/{id}/. Deactivating ends the user's sessions at once,
 * those opened into the account and any "Login As" or staff-access session the user had opened.
 */
export async function setUserActive(
  db: Db,
  actor: Actor,
  id: number,
  active: boolean,
  context: RequestContext,
): Promise<{ message: string }> {
  const target = await findUserById(db, id);
  if (!target) throw notFound('This user does not exist.');
  if (!active) assertCanManageAccount(actor, target, 'deactivate');
  else assertCanWriteAccount(actor, target);
  await db.transaction(async (tx) => {
    await updateUserActive(tx, id, active);
    if (!active) await revokeAllSessionsOfUser(tx, id);
    await recordAudit(tx, identityOf(actor, context), {
      action: active ? 'user.activated' : 'user.deactivated',
      targetUserId: id,
    });
  });
  return { message: active ? 'User has been activated.' : 'User has been deactivated.' };
}

/** What still points at a user and would break other screens if it were deleted (docs/decisions/003). */
async function findDeleteBlockers(db: Db, id: number): Promise<Record<string, string>> {
  const [patients, vials] = await Promise.all([countPatientsOfCenter(db, id), countVialRecordsOf(db, id)]);
  const blockers: Record<string, string> = {};
  if (patients > 0) {
    blockers.patients = `This account still has ${patients} patient${patients === 1 ? '' : 's'}. Move them to another harvest center first, or keep the account inactive.`;
  }
  if (vials > 0) {
    blockers.vial_records =
      'This patient has vial records. Keep the account inactive so the vial history is preserved.';
  }
  return blockers;
}

/**
 * GET /api/v1/users/{id}/delete-blockers/: what would refuse the delete, asked before "Remove
 * Account" deactivates the account, so a refused delete leaves nothing half done. The same checks
 * run again inside the deleting transaction.
 */
export async function getDeleteBlockers(db: Db, actor: Actor, id: number): Promise<TDeleteBlockers> {
  const target = await findUserById(db, id);
  if (!target) throw notFound('This user does not exist.');
  assertCanManageAccount(actor, target, 'delete');
  const blockers = await findDeleteBlockers(db, id);
  return {
    id,
    is_active: target.isActive,
    can_delete: Object.keys(blockers).length === 0,
    blockers,
  };
}

/**
 * DELETE /api/v1/users/delete-inactive/{id}/: permanent, for inactive users only. Refused while
 * patients or vial records depend on the user: checked inside the deleting transaction with the
 * account locked, and held by the database too (RESTRICT). Sales links pointing at the user are
 * cleared by their foreign keys (SET NULL).
 */
export async function deleteInactiveUser(
  db: Db,
  actor: Actor,
  id: number,
  context: RequestContext,
): Promise<{ message: string }> {
  await db.transaction(async (tx) => {
    const target = (await lockUser(tx, id)) ? await findUserById(tx, id) : undefined;
    if (!target) throw notFound('This user does not exist.');
    assertCanManageAccount(actor, target, 'delete');
    if (target.isActive) throw conflict('Only inactive users can be deleted. Deactivate the user first.');
    const blockers = await findDeleteBlockers(tx, id);
    if (Object.keys(blockers).length) throw conflict(Object.values(blockers).join(' '), blockers);
    await deleteUser(tx, id);
    await recordAudit(tx, identityOf(actor, context), {
      action: 'user.deleted',
      targetUserId: id,
      detail: { email: target.email, membership: target.membershipId },
    });
  });
  return { message: 'User has been deleted.' };
}

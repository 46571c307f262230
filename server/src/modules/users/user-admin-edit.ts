import { randomBytes } from 'node:crypto';
import { ROLE_FIELDS, type TAdminUserUpdate, type TCreateUserBody } from '@portal/shared/account-admin';
import { MEMBERSHIP } from '@portal/shared/memberships';
import type { TUser } from '@portal/shared/users';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import { assertUncommonPassword } from '../../auth/common-passwords.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors/app-error.ts';
import { createAccount, type SalesLinkField, setSalesLink } from '../accounts/account-writes.repository.ts';
import { createPatient } from '../accounts/create-patient.ts';
import { assertAdminReaches } from '../accounts/lookups.ts';
import { profileChanges } from './user-profile.ts';
import { membershipName, toUserJson } from './user-view.ts';
import {
  findUnknownTagIds,
  findUserById,
  findUserWithRelations,
  replaceUserTags,
  type UserRow,
  updateUserColumns,
} from './users.repository.ts';

function currentLink(target: UserRow, field: SalesLinkField): number | null {
  return field === 'saless_rep_id'
    ? target.salesRepId
    : field === 'sales_manager_id'
      ? target.salesManagerId
      : target.salesDistributorId;
}

async function userJson(db: Db, id: number): Promise<TUser> {
  const found = await findUserWithRelations(db, id);
  if (!found) throw notFound('This user does not exist.');
  return toUserJson(found);
}

/**
 * POST /api/v1/users/: the admin's Add Patient (subscription 2, through accounts' createPatient,
 * which invites the patient to set a password) and Add Harvest Center (4, with its password).
 */
export async function createUserByAdmin(
  db: Db,
  actor: Actor,
  body: TCreateUserBody,
  context: RequestContext & { publicUrl: string },
): Promise<{ user: TUser; mailQueued: boolean }> {
  if (body.subscription === MEMBERSHIP.patient) {
    const { patient, invitationQueued } = await createPatient(
      db,
      {
        email: body.email,
        firstName: body.first_name,
        lastName: body.last_name,
        phoneNumber: body.phone_number ?? '',
        password: body.password,
      },
      { publicUrl: context.publicUrl, by: identityOf(actor, context) },
    );
    return { user: await userJson(db, patient.id), mailQueued: invitationQueued };
  }
  if (body.password) assertUncommonPassword(body.password, 'password');
  const passwordHash = await hashPassword(body.password ?? randomBytes(24).toString('base64url'));
  const id = await db.transaction(async (tx) => {
    const created = await createAccount(
      tx,
      {
        email: body.email,
        passwordHash,
        firstName: body.first_name,
        lastName: body.last_name,
        membershipId: body.subscription,
        company: body.company ?? '',
      },
      { domainId: actor.domainId },
    );
    await recordAudit(tx, identityOf(actor, context), {
      action: 'user.created',
      targetUserId: created.id,
      detail: { membership: body.subscription },
    });
    return created.id;
  });
  return { user: await userJson(db, id), mailQueued: false };
}

/**
 * POST /api/v1/users/update/{id}/: the admin's Edit user. Profile fields follow the profile
 * rules; role fields apply only to the memberships of ROLE_FIELDS and are refused elsewhere
 * (unless sent empty, as a form does for fields it hides).
 */
export async function updateUserByAdmin(
  db: Db,
  actor: Actor,
  id: number,
  body: TAdminUserUpdate,
  context: RequestContext,
): Promise<TUser> {
  const target = await findUserById(db, id);
  if (!target) throw notFound('This user does not exist.');
  const { tags, saless_rep_id, sales_manager_id, sales_distributor_id, ...profile } = body;
  const changes = await profileChanges(db, actor, target, profile, context);

  const links: Partial<Record<SalesLinkField, number | null>> = {};
  const errors: Record<string, string> = {};
  for (const [field, value] of Object.entries({ saless_rep_id, sales_manager_id, sales_distributor_id })) {
    if (value === undefined) continue;
    const allowed = (ROLE_FIELDS[field as SalesLinkField] as readonly number[]).includes(target.membershipId);
    if (allowed) links[field as SalesLinkField] = value;
    else if (value !== null)
      errors[field] = `This field does not apply to a ${membershipName(target.membershipId)}.`;
  }
  if (tags !== undefined) {
    const unknown = await findUnknownTagIds(db, tags);
    if (unknown.length) errors.tags = `Unknown tag: ${unknown.join(', ')}.`;
  }
  if (Object.keys(errors).length) throw badRequest(Object.values(errors)[0], errors);
  // A white-label admin links its accounts only to its domain's rep, manager or distributor.
  for (const upline of Object.values(links)) await assertAdminReaches(db, actor, upline);

  await db.transaction(async (tx) => {
    if (Object.keys(changes).length) await updateUserColumns(tx, id, changes);
    const linkChanges: SalesLinkField[] = [];
    for (const [field, value] of Object.entries(links) as [SalesLinkField, number | null][]) {
      if (value === currentLink(target, field)) continue;
      await setSalesLink(tx, target, field, value);
      linkChanges.push(field);
    }
    if (tags !== undefined) await replaceUserTags(tx, id, tags);
    await recordAudit(tx, identityOf(actor, context), {
      action: 'user.updated',
      targetUserId: id,
      detail: { fields: [...Object.keys(changes), ...linkChanges, ...(tags !== undefined ? ['tags'] : [])] },
    });
  });
  return userJson(db, id);
}

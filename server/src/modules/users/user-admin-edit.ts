import { randomBytes } from 'node:crypto';
import { ROLE_FIELDS, type TAdminUserUpdate, type TCreateUserBody } from '@portal/shared/account-admin';
import { EMAIL_TAKEN_MESSAGE } from '@portal/shared/account-email';
import { MEMBERSHIP } from '@portal/shared/memberships';
import type { TUser } from '@portal/shared/users';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../audit/audit-log.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { isEmailTaken } from '../../db/account-lookups.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/accounts.ts';
import type { Actor } from '../../http/access.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { applySalesLinks, type SalesLinkField } from './sales-links.ts';
import { profileChanges } from './user-profile.ts';
import { membershipName, toUserJson } from './user-view.ts';
import {
  findUnknownTagIds,
  findUserById,
  findUserWithRelations,
  replaceUserTags,
} from './users.repository.ts';

async function userJson(db: Db, id: number): Promise<TUser> {
  const found = await findUserWithRelations(db, id);
  if (!found) throw notFound('This user does not exist.');
  return toUserJson(found);
}

/** POST /api/v1/users/: the admin's Add Patient (subscription 2) and Add Harvest Center (4). */
export async function createUserByAdmin(db: Db, actor: Actor, body: TCreateUserBody): Promise<TUser> {
  if (await isEmailTaken(db, body.email))
    throw badRequest(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
  // A patient created without a password gets an unguessable one and sets their own through
  // "Forgot Password?" (or the admin's reset mail); no default password exists to leak.
  const password = body.password ?? randomBytes(24).toString('base64url');
  const passwordHash = await hashPassword(password);
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        email: body.email,
        username: body.email,
        passwordHash,
        firstName: body.first_name,
        lastName: body.last_name,
        membershipId: body.subscription,
        company: body.subscription === MEMBERSHIP.harvestCenter ? body.company : '',
        phoneNumber: body.subscription === MEMBERSHIP.patient ? (body.phone_number ?? '') : '',
      })
      .returning({ id: users.id });
    await recordAudit(tx, {
      action: 'user.created',
      actorUserId: actor.id,
      targetUserId: created.id,
      detail: { membership: body.subscription },
    });
    return created.id;
  });
  return userJson(db, id);
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
): Promise<TUser> {
  const target = await findUserById(db, id);
  if (!target) throw notFound('This user does not exist.');
  const { tags, saless_rep_id, sales_manager_id, sales_distributor_id, ...profile } = body;
  const changes = await profileChanges(db, actor, target, profile);

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

  await db.transaction(async (tx) => {
    if (Object.keys(changes).length) await tx.update(users).set(changes).where(eq(users.id, id));
    const linkChanges = await applySalesLinks(tx, target, links);
    if (tags !== undefined) await replaceUserTags(tx, id, tags);
    await recordAudit(tx, {
      action: 'user.updated',
      actorUserId: actor.id,
      targetUserId: id,
      detail: { fields: [...Object.keys(changes), ...linkChanges, ...(tags !== undefined ? ['tags'] : [])] },
    });
  });
  return userJson(db, id);
}

import { EMAIL_TAKEN_MESSAGE } from '@portal/shared/account-email';
import { AGREEMENT_REQUIRED_CODE, AGREEMENT_REQUIRED_MESSAGE } from '@portal/shared/agreement';
import {
  COMPANY_REQUIRED_MESSAGE,
  isCompanyRequired,
  PROFILE_FIELDS,
  type TProfilePatch,
} from '@portal/shared/profile';
import type { TUser } from '@portal/shared/users';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import type { users } from '../../db/schema/accounts.ts';
import { AppError, badRequest, forbidden, notFound } from '../../errors/app-error.ts';
import { isEmailTaken } from '../accounts/account-view.repository.ts';
import { assertCanChangeLoginEmail } from './login-email-change.ts';
import { toUserJson } from './user-view.ts';
import {
  assertCanEditProfile,
  assertCanViewUser,
  assertCanWriteAccount,
  assertInCallersDomain,
  canChangeTemplateId,
} from './users.policy.ts';
import {
  findUserById,
  findUserIdByIdentifier,
  findUserWithRelations,
  type UserRow,
  updateUserColumns,
} from './users.repository.ts';

type UserUpdate = Partial<typeof users.$inferInsert>;

export async function getUser(db: Db, actor: Actor, id: number): Promise<TUser> {
  assertCanViewUser(actor, id);
  const found = await findUserWithRelations(db, id);
  if (!found) throw notFound('This user does not exist.');
  assertInCallersDomain(actor, found.user);
  return toUserJson(found);
}

export async function getUserByIdentifier(db: Db, actor: Actor, identifier: string): Promise<TUser> {
  const id = await findUserIdByIdentifier(db, identifier);
  // A non-admin learns nothing about other accounts, not even whether they exist.
  if (id === undefined)
    throw actor.isAdmin
      ? notFound('This user does not exist.')
      : forbidden('You can only see your own account.');
  return getUser(db, actor, id);
}

const COLUMN_OF: Record<(typeof PROFILE_FIELDS)[number], keyof UserUpdate> = {
  first_name: 'firstName',
  last_name: 'lastName',
  phone_number: 'phoneNumber',
  email: 'email',
  company: 'company',
  address1: 'address1',
  address2: 'address2',
  city: 'city',
  state_desc: 'stateDesc',
  country_desc: 'countryDesc',
  zip_code: 'zipCode',
};

/**
 * The profile fields of a request as column changes, with the rules every editor shares:
 * a super admin written only by a super admin, company not emptied for memberships 4 and 9, the
 * login e-mail unique and changed only as assertCanChangeLoginEmail allows, template_id for the
 * super admin.
 */
export async function profileChanges(
  db: Db,
  actor: Actor,
  target: UserRow,
  body: Partial<Record<(typeof PROFILE_FIELDS)[number] | 'template_id' | 'current_password', string>>,
  context: RequestContext,
): Promise<UserUpdate> {
  assertCanWriteAccount(actor, target);
  const changes: Record<string, unknown> = {};
  for (const field of PROFILE_FIELDS) {
    const value = body[field];
    if (value !== undefined) changes[COLUMN_OF[field]] = value;
  }
  // Checked when written: accepting the agreement, or a PATCH of other fields, never demands a
  // company the account had no chance to give (the staff sign-up asks for none, part 2 §5).
  if (body.company !== undefined && isCompanyRequired(target.membershipId) && body.company.trim() === '') {
    throw badRequest(COMPANY_REQUIRED_MESSAGE, { company: COMPANY_REQUIRED_MESSAGE });
  }
  if (body.email !== undefined && body.email !== target.email.toLowerCase()) {
    await assertCanChangeLoginEmail(db, actor, target, body.current_password, context);
    if (await isEmailTaken(db, body.email, target.id)) {
      throw badRequest(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
    }
    // Accounts log in with their e-mail; a username that was the old e-mail follows it.
    if (target.username.toLowerCase() === target.email.toLowerCase()) changes.username = body.email;
  } else {
    delete changes.email;
  }
  if (body.template_id !== undefined && body.template_id !== target.templateId) {
    if (!canChangeTemplateId(actor)) throw forbidden('Only the super admin can change the template id.');
    changes.templateId = body.template_id;
  }
  return changes as UserUpdate;
}

/**
 * PUT / PATCH /api/v1/users/{id}/: the profile form, and accepting the private membership
 * agreement. Fields outside the form never reach here (the schema drops them).
 */
export async function updateProfile(
  db: Db,
  actor: Actor,
  id: number,
  body: TProfilePatch,
  context: RequestContext,
): Promise<TUser> {
  assertCanEditProfile(actor, id);
  const { check_agreement: checkAgreement, ...fields } = body;
  if (checkAgreement !== undefined) {
    // The agreement is the person's own act (docs/decisions/002).
    if (actor.id !== id || actor.session.kind !== 'login') {
      throw forbidden('Only the account holder can accept the private membership agreement.');
    }
  } else if (!actor.isAdmin && !actor.agreementAccepted && actor.session.kind === 'login') {
    // This route is open before acceptance only to accept it.
    throw new AppError(403, AGREEMENT_REQUIRED_MESSAGE, { code: AGREEMENT_REQUIRED_CODE });
  }
  const target = await findUserById(db, id);
  if (!target) throw notFound('This user does not exist.');
  const changes = await profileChanges(db, actor, target, fields, context);
  if (checkAgreement !== undefined && target.agreementAcceptedAt === null)
    changes.agreementAcceptedAt = new Date();
  if (Object.keys(changes).length > 0) {
    await db.transaction(async (tx) => {
      await updateUserColumns(tx, id, changes);
      await recordAudit(tx, identityOf(actor, context), {
        action: changes.agreementAcceptedAt ? 'agreement.accepted' : 'user.profile_updated',
        targetUserId: id,
        detail: { fields: Object.keys(changes) },
      });
    });
  }
  return getUser(db, actor, id);
}

export async function getAgreementStatus(db: Db, actor: Actor, id: number): Promise<{ agreement: boolean }> {
  assertCanViewUser(actor, id);
  const target = await findUserById(db, id);
  if (!target) throw notFound('This user does not exist.');
  assertInCallersDomain(actor, target);
  return { agreement: target.agreementAcceptedAt !== null };
}

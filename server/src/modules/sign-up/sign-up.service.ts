import { MEMBERSHIP } from '@portal/shared/memberships';
import {
  SIGN_UP_ATTESTATION_MESSAGE,
  SIGN_UP_LINK_INVALID_MESSAGE,
  SIGN_UP_REFUSED_MESSAGE,
  signUpSentMessage,
  type TAccountSignUp,
  type TAccountSignUpResponse,
  type TSignUpLink,
  type ZSignUpLinkQuery,
} from '@portal/shared/sign-up';
import type { z } from 'zod';
import { recordAudit, visitorIdentity } from '../../audit-chain/audit-log.ts';
import type { RequestContext } from '../../auth/actor.ts';
import { assertUncommonPassword } from '../../auth/common-passwords.ts';
import { queueEmailConfirmation } from '../../auth/email-confirmations.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { addressColumns } from '../../db/address-columns.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../errors/app-error.ts';
import { findAccount, findEmailOwner } from '../accounts/account-view.repository.ts';
import { createAccount } from '../accounts/account-writes.repository.ts';
import { createJoinRequest, isJoinTokenOf } from '../accounts/center-join.repository.ts';
import { queueJoinRequestedMail } from '../accounts/center-join.ts';
import { addSavedLocation } from '../accounts/saved-locations.repository.ts';
import { claimAdminInvitation, findActiveInvitation, recordInvitationUse } from './admin-invitations.ts';
import { tellOwnerOfSignUpAttempt } from './taken-email.ts';

/** A harvest center or a referral harvest center: a buyer with a rep and an address. */
function isCenter(membershipId: number): boolean {
  return membershipId === MEMBERSHIP.harvestCenter || membershipId === MEMBERSHIP.referralHarvestCenter;
}

/** An active account of one membership, or undefined (the accounts core reads it). */
async function findActiveAccount(db: Db, id: number | null | undefined, membershipId: number) {
  const account = id ? await findAccount(db, id, [membershipId]) : undefined;
  return account?.isActive ? account : undefined;
}

function invalidLink(field: string): never {
  throw badRequest(SIGN_UP_LINK_INVALID_MESSAGE, { [field]: SIGN_UP_LINK_INVALID_MESSAGE });
}

/**
 * The active harvest center a link names with hcid, only together with its current join token: its
 * sequential id alone names nothing (docs/decisions/027-consent-to-join-a-center.md).
 */
async function findCenterOfJoinLink(db: Db, hcid: number | null | undefined, token: string | undefined) {
  if (!hcid || !(await isJoinTokenOf(db, hcid, token))) return undefined;
  return findActiveAccount(db, hcid, MEMBERSHIP.harvestCenter);
}

/**
 * GET /api/v1/sign-up/link/: whether a form's link leads to an account to join (an active sales
 * rep for srid, a harvest center's hcid with its join token, a live invitation for pass). The form
 * sends the visitor to the guest route when it does not.
 */
export async function checkSignUpLink(db: Db, query: z.infer<typeof ZSignUpLinkQuery>): Promise<TSignUpLink> {
  const invalid = { valid: false, harvest_center: null };
  switch (query.form) {
    case 'admin':
      return query.pass && (await findActiveInvitation(db, query.pass))
        ? { valid: true, harvest_center: null }
        : invalid;
    case 'harvest-center':
    case 'referral-harvest-center': {
      if (!(await findActiveAccount(db, query.srid, MEMBERSHIP.salesRep))) return invalid;
      if (query.form === 'harvest-center' || query.hcid === undefined)
        return { valid: true, harvest_center: null };
      const center = await findCenterOfJoinLink(db, query.hcid, query.token);
      return center ? { valid: true, harvest_center: center.company } : invalid;
    }
    case 'hc-staff': {
      const center = await findCenterOfJoinLink(db, query.hcid, query.token);
      return center ? { valid: true, harvest_center: center.company } : invalid;
    }
    default:
      return { valid: true, harvest_center: null };
  }
}

/** A form whose hidden field was filled in was sent by a robot: refused, and kept on the audit trail. */
export async function refuseRobotSignUp(
  db: Db,
  body: TAccountSignUp,
  context: RequestContext,
): Promise<void> {
  if (!body.website) return;
  await recordAudit(db, visitorIdentity(context.ip), { action: 'sign_up.refused', email: body.email });
  throw badRequest(SIGN_UP_REFUSED_MESSAGE);
}

/** The new account's password, refused when it is a common one, hashed. */
export async function hashSignUpPassword(body: TAccountSignUp): Promise<string> {
  assertUncommonPassword(body.password, 'password');
  return hashPassword(body.password);
}

/** The attestation a new harvest center signed before signing up, which it now claims as its own. */
export type SignUpAttestation = { documentId: string; templateId: string; email: string; userId: number };

/**
 * What a sign-up recorded: a new account (with the attestation it claims), or nothing because the
 * address already had an account (its owner was told; the attestation is only checked).
 */
export type RecordedSignUp =
  | { kind: 'created'; membershipId: number; attestation: SignUpAttestation | null }
  | { kind: 'taken'; membershipId: number; attestation: Omit<SignUpAttestation, 'userId'> | null };

/**
 * The sign-up's writes, in the caller's transaction `tx`: the account made through the accounts
 * core, tied to its link (rep, invitation), its first saved location, the join request to the center
 * it names, and the mail that confirms the e-mail address (the account cannot sign in before that).
 * A staff member or an RHC naming a harvest center only asks to join it: the center is told and
 * decides (nothing of it is shared before). A new HC comes with the attestation it must claim in
 * the same transaction (the documents module's). An address that already has an account makes none
 * of this: its owner is mailed, and the caller answers as for a new address.
 */
export async function recordSignUp(
  tx: Db,
  body: TAccountSignUp,
  passwordHash: string,
  context: RequestContext & { domainId: number | null; publicUrl: string },
): Promise<RecordedSignUp> {
  const isAdminForm = body.pass !== undefined && body.pass !== '';
  const invitationId = isAdminForm ? await claimAdminInvitation(tx, body.pass ?? '') : null;
  if (isAdminForm && invitationId === null) invalidLink('pass');
  const membershipId = isAdminForm ? MEMBERSHIP.admin : body.subscription;

  let salesRepId: number | null = null;
  if (isCenter(membershipId)) {
    const rep = await findActiveAccount(tx, body.saless_rep_id, MEMBERSHIP.salesRep);
    if (!rep) invalidLink('saless_rep_id');
    salesRepId = rep.id;
  }
  let centerToJoin: { id: number; email: string; company: string } | undefined;
  if (membershipId === MEMBERSHIP.referralHarvestCenter && body.hc_id) {
    centerToJoin = await findCenterOfJoinLink(tx, body.hc_id, body.join_token);
    if (!centerToJoin) invalidLink('hc_id');
  }
  if (membershipId === MEMBERSHIP.hcStaff) {
    centerToJoin = await findCenterOfJoinLink(tx, body.staff_hc_ids?.[0], body.join_token);
    if (!centerToJoin) invalidLink('staff_hc_ids');
  }
  const harvestCenterId = centerToJoin?.id ?? null;
  const signsAttestation = membershipId === MEMBERSHIP.harvestCenter;
  if (signsAttestation && (!body.template_id || !body.document_id)) {
    throw badRequest(SIGN_UP_ATTESTATION_MESSAGE, { document_id: SIGN_UP_ATTESTATION_MESSAGE });
  }
  const attestation = signsAttestation
    ? { documentId: body.document_id, templateId: body.template_id, email: body.email }
    : null;

  // A taken address is answered as a new one (after the same checks of the form and its link): no
  // account, no join request, nothing given to the owner's account (an admin invitation is used up
  // as it would be, naming nobody: the owner does not become an admin); the owner is told instead.
  const owner = await findEmailOwner(tx, body.email);
  if (owner) {
    await tellOwnerOfSignUpAttempt(tx, owner, { ...context, membershipId });
    return { kind: 'taken', membershipId, attestation };
  }

  const created = await createAccount(
    tx,
    {
      email: body.email,
      passwordHash,
      firstName: body.first_name,
      lastName: body.last_name,
      company: body.company,
      phoneNumber: body.phone_number,
      ...addressColumns(body),
      templateId: signsAttestation ? body.template_id : '',
      documentId: signsAttestation ? body.document_id : '',
      membershipId,
      salesRepId,
      selfSignup: true,
      emailConfirmedAt: null,
    },
    context.domainId !== null || isAdminForm
      ? { domainId: context.domainId }
      : { domainOf: [salesRepId, harvestCenterId] },
  );
  // A center's sign-up address is its first saved location (the default): its first checkout
  // starts from it instead of an empty address (part 2 §4 "with no locations, the new one becomes default").
  if (isCenter(membershipId) && body.address1) {
    await addSavedLocation(tx, created.id, { ...body, location_name: body.company });
  }
  if (centerToJoin) {
    const kind = membershipId === MEMBERSHIP.hcStaff ? 'staff' : 'rhc';
    await createJoinRequest(tx, { kind, requesterId: created.id, harvestCenterId: centerToJoin.id });
    await queueJoinRequestedMail(tx, { kind, requester: created, center: centerToJoin }, context.publicUrl);
  }
  if (invitationId !== null) await recordInvitationUse(tx, invitationId, created.id);
  await queueEmailConfirmation(tx, created, context.publicUrl);
  await recordAudit(tx, visitorIdentity(context.ip, created.id), {
    action: 'account.signed_up',
    targetUserId: created.id,
    email: created.email,
    detail: {
      membership_id: membershipId,
      sales_rep_id: salesRepId,
      harvest_center_id: harvestCenterId,
      admin_invitation_id: invitationId,
    },
  });
  return {
    kind: 'created',
    membershipId,
    attestation: attestation && { ...attestation, userId: created.id },
  };
}

/**
 * The answer to a sign-up, the same for a new address and a taken one: where the mail went, and the
 * form's kind of account; no account id.
 */
export function signUpAnswer(email: string, membershipId: number): TAccountSignUpResponse {
  return { message: signUpSentMessage(email), data: { email, subscription: membershipId } };
}

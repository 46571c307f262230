import { randomBytes } from 'node:crypto';
import { MEMBERSHIP } from '@portal/shared/memberships';
import type { TNewSalesManager, TNewSalesRep, TSalesPerson } from '@portal/shared/sales-teams';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../errors/app-error.ts';
import { createAccount, type SalesLinkField, setSalesLink } from '../accounts/account-writes.repository.ts';
import { queueInvitationMail } from '../accounts/invitations.ts';
import { assertAdminReaches } from '../accounts/lookups.ts';
import { findSalesPersonRow } from './sales-teams.repository.ts';
import { toSalesPerson } from './sales-teams.service.ts';

type NewMemberKind = {
  membershipId: number;
  /** The link to the new member's upline, and the membership that may add to its own team. */
  link: SalesLinkField;
  teamHead: number;
  audit: string;
  notYourTeam: string;
};

const REP: NewMemberKind = {
  membershipId: MEMBERSHIP.salesRep,
  link: 'sales_manager_id',
  teamHead: MEMBERSHIP.salesManager,
  audit: 'sales_team.rep_added',
  notYourTeam: 'You can add sales reps only to your own team.',
};
const MANAGER: NewMemberKind = {
  membershipId: MEMBERSHIP.salesManager,
  link: 'sales_distributor_id',
  teamHead: MEMBERSHIP.salesDistributor,
  audit: 'sales_team.manager_added',
  notYourTeam: 'You can add sales managers only to your own team.',
};

/**
 * The team the new member joins: a manager's (distributor's) own; an admin names one or none.
 * A team head naming another team is refused rather than silently corrected.
 */
function uplineFor(actor: Actor, kind: NewMemberKind, named: number | null | undefined): number | null {
  if (actor.isAdmin) return named ?? null;
  if (actor.membershipId !== kind.teamHead) throw forbidden(kind.notYourTeam);
  if (named !== undefined && named !== null && named !== actor.id) throw forbidden(kind.notYourTeam);
  return actor.id;
}

async function addTeamMember(
  db: Db,
  actor: Actor,
  kind: NewMemberKind,
  body: TNewSalesRep | TNewSalesManager,
  uplineId: number | null,
  context: RequestContext & { publicUrl: string },
): Promise<TSalesPerson> {
  await assertAdminReaches(db, actor, uplineId);
  // Nobody knows this password: the member sets one from the invitation mail.
  const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
  const id = await db.transaction(async (tx) => {
    const member = await createAccount(
      tx,
      {
        membershipId: kind.membershipId,
        email: body.email,
        passwordHash,
        firstName: body.first_name,
        lastName: body.last_name,
        phoneNumber: body.phone_number ?? '',
        company: body.company ?? '',
      },
      { domainOf: [uplineId, actor.id] },
    );
    // Through the link writer, which refuses an upline that is not an active account of its kind.
    if (uplineId !== null) await setSalesLink(tx, member, kind.link, uplineId);
    await queueInvitationMail(tx, member, context.publicUrl);
    await recordAudit(tx, identityOf(actor, context), {
      action: kind.audit,
      targetUserId: member.id,
      detail: { [kind.link]: uplineId },
    });
    return member.id;
  });
  const row = await findSalesPersonRow(db, id);
  if (!row) throw new Error(`sales account ${id} vanished`);
  return toSalesPerson(row);
}

/** POST /api/v1/sales-rep/: a manager adds a rep to its team; an admin to any manager's or none. */
export function addSalesRep(
  db: Db,
  actor: Actor,
  body: TNewSalesRep,
  context: RequestContext & { publicUrl: string },
): Promise<TSalesPerson> {
  return addTeamMember(db, actor, REP, body, uplineFor(actor, REP, body.sales_manager_id), context);
}

/** POST /api/v1/sales-managers/: a distributor adds a manager to its team; an admin to any or none. */
export function addSalesManager(
  db: Db,
  actor: Actor,
  body: TNewSalesManager,
  context: RequestContext & { publicUrl: string },
): Promise<TSalesPerson> {
  return addTeamMember(
    db,
    actor,
    MANAGER,
    body,
    uplineFor(actor, MANAGER, body.sales_distributor_id),
    context,
  );
}

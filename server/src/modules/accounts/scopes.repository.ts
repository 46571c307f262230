import { MEMBERSHIP } from '@portal/shared/memberships';
import { type AnyColumn, and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import {
  centerAccounts,
  hcStaffLinks,
  labAccounts,
  patientAccounts,
  rhcHcLinks,
  salesAccounts,
} from '../../db/schema/account-links.ts';
import { type processingLabs, users } from '../../db/schema/accounts.ts';
import { isLabAccount, type ScopeActor, type TeamHead, teamHeadOf } from './roles.ts';

/**
 * Who sees which account, as Drizzle conditions for a WHERE. One scope serves a list and its
 * detail (lookups.ts), so a detail page never shows what its list hides. The caller's own links
 * (its lab, its rep, its manager) are read by scalar sub-queries rather than from the session, so
 * a changed link takes effect on the next request and a cached session never holds a stale one.
 * Sets are written `col = ANY(ARRAY(sub-query))`: computed once, they leave an indexable condition
 * that PostgreSQL combines across the arms of an OR (a rep's list at 100k patients: ~80 ms with
 * IN, ~17 ms with ANY).
 */

const qb = new QueryBuilder();
const TRUE = sql`true`;
const FALSE = sql`false`;

/**
 * A scope: a condition for a WHERE, built here over the columns it is given. Services hand it on to
 * a repository unopened.
 */
export type Scope = SQL;

type Column = AnyColumn | SQL;
type SubQuery = { getSQL(): SQL };

function anyOf(column: Column, subquery: SubQuery): SQL {
  return sql`${column} = ANY(ARRAY(${subquery}))`;
}

function scalar(subquery: SubQuery): SQL {
  return sql`(${subquery})`;
}

// ---------------------------------------------------------------------------------------------
// White-label domains (docs/decisions/023-white-label-domains.md).
// ---------------------------------------------------------------------------------------------

const domainMember = alias(users, 'scope_domain_member');

/**
 * What an admin reaches: an admin of the main portal (no domain) every account; a white-label
 * admin only the accounts of its own domain. `account` is the id of the account a row belongs to.
 */
export function inAdminReach(actor: ScopeActor, account: Column): SQL {
  if (actor.domainId === null) return TRUE;
  return anyOf(
    account,
    qb.select({ id: domainMember.id }).from(domainMember).where(eq(domainMember.domainId, actor.domainId)),
  );
}

// ---------------------------------------------------------------------------------------------
// The caller's own links, in SQL.
// ---------------------------------------------------------------------------------------------

/** The processing lab of a lab account or of a harvest center. */
function ownLabOf(actor: ScopeActor): SQL | null {
  if (isLabAccount(actor)) {
    return scalar(
      qb
        .select({ lab: labAccounts.processingLabId })
        .from(labAccounts)
        .where(eq(labAccounts.userId, actor.id)),
    );
  }
  if (actor.membershipId === MEMBERSHIP.harvestCenter) {
    return scalar(
      qb
        .select({ lab: centerAccounts.processingLabId })
        .from(centerAccounts)
        .where(eq(centerAccounts.userId, actor.id)),
    );
  }
  return null;
}

/** The rep of a patient or of a center. */
function ownRepOf(actor: ScopeActor): SQL | null {
  if (actor.membershipId === MEMBERSHIP.patient) {
    return scalar(
      qb
        .select({ rep: patientAccounts.salesRepId })
        .from(patientAccounts)
        .where(eq(patientAccounts.userId, actor.id)),
    );
  }
  if (
    actor.membershipId === MEMBERSHIP.harvestCenter ||
    actor.membershipId === MEMBERSHIP.referralHarvestCenter
  ) {
    return scalar(
      qb
        .select({ rep: centerAccounts.salesRepId })
        .from(centerAccounts)
        .where(eq(centerAccounts.userId, actor.id)),
    );
  }
  return null;
}

function managerOfRep(repId: number): SQL {
  return scalar(
    qb
      .select({ manager: salesAccounts.salesManagerId })
      .from(salesAccounts)
      .where(eq(salesAccounts.userId, repId)),
  );
}

const managerRow = alias(salesAccounts, 'scope_manager');

function distributorOfManager(manager: SQL | number): SQL {
  return scalar(
    qb
      .select({ distributor: managerRow.salesDistributorId })
      .from(managerRow)
      .where(eq(managerRow.userId, manager)),
  );
}

/** Harvest centers a staff member works for. */
function harvestCentersOfStaff(staffId: number) {
  return qb
    .select({ id: hcStaffLinks.harvestCenterId })
    .from(hcStaffLinks)
    .where(eq(hcStaffLinks.staffId, staffId));
}

// ---------------------------------------------------------------------------------------------
// Sales teams.
// ---------------------------------------------------------------------------------------------

/** The reps of a manager, or of a distributor's managers. */
function repsOfTeam(team: TeamHead) {
  const reps = qb.select({ id: salesAccounts.userId }).from(salesAccounts);
  if (team.kind === 'manager') {
    return reps.where(
      and(eq(salesAccounts.membershipId, MEMBERSHIP.salesRep), eq(salesAccounts.salesManagerId, team.id)),
    );
  }
  const managers = qb
    .select({ id: managerRow.userId })
    .from(managerRow)
    .where(eq(managerRow.salesDistributorId, team.id));
  return reps.where(
    and(eq(salesAccounts.membershipId, MEMBERSHIP.salesRep), inArray(salesAccounts.salesManagerId, managers)),
  );
}

/**
 * `column` (a rep id) is one of the team's reps, read from the reps' current links, so a rep
 * removed from a team stops showing at once.
 */
export function isTeamRep(column: Column, team: TeamHead): SQL {
  return team.kind === 'rep' ? sql`${column} = ${team.id}` : anyOf(column, repsOfTeam(team));
}

/** Centers (4 or 5) whose rep is in the team. */
function centersOfTeam(team: TeamHead, membershipId: number) {
  return qb
    .select({ id: centerAccounts.userId })
    .from(centerAccounts)
    .where(and(eq(centerAccounts.membershipId, membershipId), isTeamRep(centerAccounts.salesRepId, team)));
}

// ---------------------------------------------------------------------------------------------
// Scopes.
// ---------------------------------------------------------------------------------------------

/** Columns of a patient row (patient_accounts or an alias of it). */
export type PatientColumns = Record<
  'userId' | 'harvestCenterId' | 'referralHarvestCenterId' | 'salesRepId' | 'processingLabId',
  AnyColumn
>;
/** Columns of a center row (center_accounts or an alias of it). */
export type CenterColumns = Record<'userId' | 'salesRepId' | 'processingLabId', AnyColumn>;

/** Patients of a sales team: the team's reps' patients and the patients of the team's HCs and RHCs. */
export function teamPatients(p: PatientColumns, team: TeamHead): SQL {
  return or(
    isTeamRep(p.salesRepId, team),
    anyOf(p.harvestCenterId, centersOfTeam(team, MEMBERSHIP.harvestCenter)),
    anyOf(p.referralHarvestCenterId, centersOfTeam(team, MEMBERSHIP.referralHarvestCenter)),
  ) as SQL;
}

/**
 * Which patients the caller sees: admins all; a patient itself; a lab account the patients of
 * its lab and of its lab's HCs; an HC its patients; an RHC those it referred; HC staff their HCs'
 * patients; sales roles their team's (teamPatients).
 */
export function patientScope(actor: ScopeActor, p: PatientColumns = patientAccounts): SQL {
  if (actor.isAdmin) return inAdminReach(actor, p.userId);
  if (isLabAccount(actor)) {
    const lab = ownLabOf(actor) as SQL;
    const labCenters = qb
      .select({ id: centerAccounts.userId })
      .from(centerAccounts)
      .where(
        and(
          eq(centerAccounts.membershipId, MEMBERSHIP.harvestCenter),
          eq(centerAccounts.processingLabId, lab),
        ),
      );
    return or(eq(p.processingLabId, lab), anyOf(p.harvestCenterId, labCenters)) as SQL;
  }
  const team = teamHeadOf(actor);
  if (team) return teamPatients(p, team);
  switch (actor.membershipId) {
    case MEMBERSHIP.patient:
      return eq(p.userId, actor.id);
    case MEMBERSHIP.harvestCenter:
      return eq(p.harvestCenterId, actor.id);
    case MEMBERSHIP.referralHarvestCenter:
      return eq(p.referralHarvestCenterId, actor.id);
    case MEMBERSHIP.hcStaff:
      return anyOf(p.harvestCenterId, harvestCentersOfStaff(actor.id));
    default:
      return FALSE;
  }
}

/**
 * Which harvest centers (rows of membership 4) the caller sees: admins all; a lab account its
 * lab's; an HC itself; an RHC those it is associated with; staff those they work for; sales roles
 * their team's; nobody else (a patient's own HC comes with its record).
 */
export function harvestCenterScope(actor: ScopeActor, c: CenterColumns = centerAccounts): SQL {
  if (actor.isAdmin) return inAdminReach(actor, c.userId);
  if (isLabAccount(actor)) return eq(c.processingLabId, ownLabOf(actor) as SQL);
  const team = teamHeadOf(actor);
  if (team) return isTeamRep(c.salesRepId, team);
  switch (actor.membershipId) {
    case MEMBERSHIP.harvestCenter:
      return eq(c.userId, actor.id);
    case MEMBERSHIP.referralHarvestCenter:
      return anyOf(
        c.userId,
        qb.select({ id: rhcHcLinks.harvestCenterId }).from(rhcHcLinks).where(eq(rhcHcLinks.rhcId, actor.id)),
      );
    case MEMBERSHIP.hcStaff:
      return anyOf(c.userId, harvestCentersOfStaff(actor.id));
    default:
      return FALSE;
  }
}

/** Referral harvest centers (5): admins all; an RHC itself; an HC its associated RHCs; sales roles their team's. */
export function referralCenterScope(actor: ScopeActor, c: CenterColumns = centerAccounts): SQL {
  if (actor.isAdmin) return inAdminReach(actor, c.userId);
  const team = teamHeadOf(actor);
  if (team) return isTeamRep(c.salesRepId, team);
  switch (actor.membershipId) {
    case MEMBERSHIP.referralHarvestCenter:
      return eq(c.userId, actor.id);
    case MEMBERSHIP.harvestCenter:
      return anyOf(
        c.userId,
        qb.select({ id: rhcHcLinks.rhcId }).from(rhcHcLinks).where(eq(rhcHcLinks.harvestCenterId, actor.id)),
      );
    default:
      return FALSE;
  }
}

/** Sales reps: admins all; sales roles their team's reps; a patient or center its own rep. */
export function salesRepScope(actor: ScopeActor, rep: { id: Column }): SQL {
  if (actor.isAdmin) return inAdminReach(actor, rep.id);
  const team = teamHeadOf(actor);
  if (team) return isTeamRep(rep.id, team);
  const own = ownRepOf(actor);
  return own ? sql`${rep.id} = ${own}` : FALSE;
}

/** Sales managers: admins all; a manager itself; a distributor its managers; a rep its own manager. */
export function salesManagerScope(
  actor: ScopeActor,
  manager: { id: Column; salesDistributorId: Column },
): SQL {
  if (actor.isAdmin) return inAdminReach(actor, manager.id);
  switch (actor.membershipId) {
    case MEMBERSHIP.salesManager:
      return sql`${manager.id} = ${actor.id}`;
    case MEMBERSHIP.salesDistributor:
      return sql`${manager.salesDistributorId} = ${actor.id}`;
    case MEMBERSHIP.salesRep:
      return sql`${manager.id} = ${managerOfRep(actor.id)}`;
    default:
      return FALSE;
  }
}

/** Sales distributors: admins all; a distributor itself; a manager or rep its own distributor. */
export function salesDistributorScope(actor: ScopeActor, distributor: { id: Column }): SQL {
  if (actor.isAdmin) return inAdminReach(actor, distributor.id);
  switch (actor.membershipId) {
    case MEMBERSHIP.salesDistributor:
      return sql`${distributor.id} = ${actor.id}`;
    case MEMBERSHIP.salesManager:
      return sql`${distributor.id} = ${distributorOfManager(actor.id)}`;
    case MEMBERSHIP.salesRep:
      return sql`${distributor.id} = ${distributorOfManager(managerOfRep(actor.id))}`;
    default:
      return FALSE;
  }
}

/**
 * Processing labs (docs/decisions/004-lab-route-access.md): admins all (a lab serves every domain;
 * what a white-label admin sees of its accounts is narrowed by the account scopes); a lab account
 * its own lab; a harvest center the lab it sends tissue to.
 */
export function processingLabScope(actor: ScopeActor, labs: typeof processingLabs): SQL {
  if (actor.isAdmin) return TRUE;
  const own = ownLabOf(actor);
  return own ? eq(labs.id, own) : FALSE;
}

/** Lab accounts (GET /api/v1/users/lab/): admins all; a lab account those of its lab. */
export function labAccountScope(
  actor: ScopeActor,
  account: { userId: Column; processingLabId: Column },
): SQL {
  if (actor.isAdmin) return inAdminReach(actor, account.userId);
  return isLabAccount(actor) ? sql`${account.processingLabId} = ${ownLabOf(actor)}` : FALSE;
}

/** Whose staff list (harvest centers) the caller reads: admins any; an HC its own; staff their HCs'. */
export function staffListScope(actor: ScopeActor, center: { id: Column } = { id: users.id }): SQL {
  if (actor.isAdmin) return inAdminReach(actor, center.id);
  switch (actor.membershipId) {
    case MEMBERSHIP.harvestCenter:
      return sql`${center.id} = ${actor.id}`;
    case MEMBERSHIP.hcStaff:
      return anyOf(center.id, harvestCentersOfStaff(actor.id));
    default:
      return FALSE;
  }
}

import { MEMBERSHIP, type MembershipId } from '@portal/shared/memberships';
import type { TUserOption } from '@portal/shared/select-options';
import { and, asc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { personNameSql } from '../../db/person-name.ts';
import { users } from '../../db/schema/accounts.ts';
import { joinPatientRow, patientRow } from '../accounts/account-view.repository.ts';
import { userSearchCondition } from './user-list.repository.ts';

/** The option lists of select-search fields, by path segment under /api/v1/options/. */
export const USER_OPTION_LISTS = {
  'sales-reps': MEMBERSHIP.salesRep,
  'sales-managers': MEMBERSHIP.salesManager,
  'sales-distributors': MEMBERSHIP.salesDistributor,
  'harvest-centers': MEMBERSHIP.harvestCenter,
  'referral-harvest-centers': MEMBERSHIP.referralHarvestCenter,
  patients: MEMBERSHIP.patient,
} as const satisfies Record<string, MembershipId>;

/** Centers are known by their company; people by their name. */
const LABELLED_BY_COMPANY: readonly number[] = [MEMBERSHIP.harvestCenter, MEMBERSHIP.referralHarvestCenter];

const patientCenter = alias(users, 'option_patient_hc');

/**
 * A picker's search: the name (and a center's company), never the e-mail, whose domain would match
 * every patient of a clinic ("patient." found them all). Each alternative is a piece of
 * users.search_text, so its LIKE comes first: the trigram index finds the candidates and the name
 * test only sieves them (no sequential scan of the accounts).
 */
function nameSearchCondition(term: string, byCompany: boolean): SQL | undefined {
  const pattern = containsPattern(term);
  const byName = sql`lower(${users.firstName} || ' ' || ${users.lastName}) like ${pattern}`;
  return and(
    userSearchCondition(term),
    byCompany ? or(byName, sql`lower(${users.company}) like ${pattern}`) : byName,
  );
}

/**
 * What tells two options of one label apart (three patients called Ava Kim): the e-mail, then a
 * patient's harvest center or a center's city.
 */
function descriptionSql(membershipId: MembershipId): SQL<string> {
  const after =
    membershipId === MEMBERSHIP.patient
      ? sql`nullif(${patientCenter.company}, '')`
      : LABELLED_BY_COMPANY.includes(membershipId)
        ? sql`nullif(${users.city}, '')`
        : sql`null`;
  return sql<string>`concat_ws(' · ', ${users.email}, ${after})`;
}

/** Active users of one membership as select options, sorted by label, optionally searched by name. */
export async function listUserOptions(
  db: Db,
  membershipId: MembershipId,
  query: { search?: string; limit: number; offset?: number },
  /** A white-label admin's lists hold its domain's accounts only. */
  domainId: number | null,
): Promise<TUserOption[]> {
  const byCompany = LABELLED_BY_COMPANY.includes(membershipId);
  const name = personNameSql(users);
  const label = byCompany
    ? sql<string>`coalesce(nullif(${users.company}, ''), ${name}, ${users.email})`
    : sql<string>`coalesce(${name}, ${users.email})`;
  const term = query.search?.trim();
  const options = db
    .select({
      value: users.id,
      label,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      description: descriptionSql(membershipId),
    })
    .from(users)
    .$dynamic();
  const withCenters =
    membershipId === MEMBERSHIP.patient
      ? joinPatientRow(options, 'left').leftJoin(
          patientCenter,
          eq(patientCenter.id, patientRow.harvestCenterId),
        )
      : options;
  return withCenters
    .where(
      and(
        eq(users.membershipId, membershipId),
        eq(users.isActive, true),
        domainId === null ? undefined : eq(users.domainId, domainId),
        term ? nameSearchCondition(term, byCompany) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${label})`), asc(users.id))
    .limit(query.limit)
    .offset(query.offset ?? 0);
}

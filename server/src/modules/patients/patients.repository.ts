import { MEMBERSHIP } from '@portal/shared/memberships';
import type { TLabStage } from '@portal/shared/patients';
import { and, asc, desc, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import {
  findPage,
  offsetOf,
  type PagedShape,
  type PageRequest,
  pagedBy,
  totalRows,
} from '../../db/paging.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { processingLabs, users } from '../../db/schema/accounts.ts';
import {
  joinPatientAccount,
  type PatientAccountRow,
  patientAccountColumns,
} from '../accounts/account-view.repository.ts';
import { isPatientWithLabSampleId } from '../accounts/lab-sample-search.repository.ts';
import { labStageSql } from '../accounts/lab-stage.repository.ts';
import { type ScopeActor, scopeActorOf, type TeamHead } from '../accounts/roles.ts';
import { type PatientColumns, patientScope, teamPatients } from '../accounts/scopes.repository.ts';

const hc = alias(users, 'pt_hc');
const rhc = alias(users, 'pt_rhc');
const rep = alias(users, 'pt_rep');

/** A patient with the names of its centers, rep and lab: one row, one round trip. */
const patientSelection = {
  patient: patientAccountColumns,
  hcCompany: hc.company,
  hcEmail: hc.email,
  hcTemplateId: hc.templateId,
  rhcCompany: rhc.company,
  rhcEmail: rhc.email,
  rhcTemplateId: rhc.templateId,
  repFirstName: rep.firstName,
  repLastName: rep.lastName,
  repEmail: rep.email,
  labName: processingLabs.name,
  totalRows,
};
export type PatientRow = {
  patient: PatientAccountRow;
  hcCompany: string | null;
  hcEmail: string | null;
  hcTemplateId: string | null;
  rhcCompany: string | null;
  rhcEmail: string | null;
  rhcTemplateId: string | null;
  repFirstName: string | null;
  repLastName: string | null;
  repEmail: string | null;
  labName: string | null;
};

/** The patient's links, in the columns joinPatientAccount brings in (the team scope reads them). */
const p = patientAccountColumns;
const patientLinks: PatientColumns = {
  userId: users.id,
  harvestCenterId: p.harvestCenterId,
  referralHarvestCenterId: p.referralHarvestCenterId,
  salesRepId: p.salesRepId,
  processingLabId: p.processingLabId,
};

function selectPatients(db: Db) {
  return joinPatientAccount(db.select(patientSelection).from(users).$dynamic())
    .leftJoin(hc, eq(hc.id, p.harvestCenterId))
    .leftJoin(rhc, eq(rhc.id, p.referralHarvestCenterId))
    .leftJoin(rep, eq(rep.id, p.salesRepId))
    .leftJoin(processingLabs, eq(processingLabs.id, p.processingLabId));
}

const isPatient = eq(users.membershipId, MEMBERSHIP.patient);

export type PatientFilters = {
  search?: string;
  /** The search matches the lab id only (a caller who does not see names and e-mails). */
  searchLabIdOnly?: boolean;
  /** The sample id at the lab, exact (case-insensitive). */
  labSampleId?: string;
  harvestCenterId?: number;
  referralHarvestCenterId?: number;
  /** Only patients referred by some RHC. */
  referredOnly?: boolean;
  processingLabId?: number;
  salesRepId?: number;
  labStage?: TLabStage;
  /** The patients of a manager's or distributor's team ("Team Patients"). */
  team?: TeamHead;
};

/** WHERE for active patients matching the filters, inside the caller's patient scope. */
export function patientWhere(actor: ScopeActor, filters: PatientFilters): SQL {
  return and(
    isPatient,
    eq(users.isActive, true),
    // Written against the patient row joinPatientAccount brings in, like every list of patients.
    patientScope(actor),
    filters.team === undefined ? undefined : teamPatients(patientLinks, filters.team),
    // search_text has a trigram index; adding other columns to the OR would turn it into a scan, so
    // the lab id joins it as a list of user ids (isPatientWithLabSampleId).
    filters.search
      ? filters.searchLabIdOnly
        ? isPatientWithLabSampleId(filters.search)
        : or(
            sql`${users.searchText} LIKE ${containsPattern(filters.search)}`,
            isPatientWithLabSampleId(filters.search),
          )
      : undefined,
    filters.labSampleId === undefined
      ? undefined
      : sql`lower(${p.labSampleId}) = ${filters.labSampleId.toLowerCase()}`,
    filters.harvestCenterId === undefined ? undefined : eq(p.harvestCenterId, filters.harvestCenterId),
    filters.referralHarvestCenterId === undefined
      ? undefined
      : eq(p.referralHarvestCenterId, filters.referralHarvestCenterId),
    filters.referredOnly ? isNotNull(p.referralHarvestCenterId) : undefined,
    filters.processingLabId === undefined ? undefined : eq(p.processingLabId, filters.processingLabId),
    filters.salesRepId === undefined ? undefined : eq(p.salesRepId, filters.salesRepId),
    filters.labStage === undefined ? undefined : sql`${labStageSql} = ${filters.labStage}`,
  ) as SQL;
}

/**
 * A page of patients, newest first: by id, which follows the join date and walks
 * users_membership_idx backwards. Built once per caller's scope and filters; the page goes in by
 * placeholders.
 */
const selectPatientPage = preparedQuery(
  (db: Db, shape: { actor: ScopeActor; filters: PatientFilters } & PagedShape) =>
    selectPatients(db)
      .where(patientWhere(shape.actor, shape.filters))
      .orderBy(desc(users.id))
      .limit(sql.placeholder('limit'))
      .offset(offsetOf(shape)),
);

/** One page of the active patients matching the filters, inside the caller's patient scope. */
export async function findPatientPage(db: Db, actor: ScopeActor, filters: PatientFilters, page: PageRequest) {
  const shape = { actor: scopeActorOf(actor), filters };
  return findPage(
    () => pagedBy((values, paging) => selectPatientPage(db, { ...shape, ...paging }, values)),
    page,
  ) as Promise<{
    count: number;
    rows: PatientRow[];
  }>;
}

export async function findPatientOptions(db: Db, where: SQL, limit: number) {
  return joinPatientAccount(
    db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
      .from(users)
      .$dynamic(),
  )
    .where(where)
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(limit);
}

export async function findPatientRow(db: Db, id: number): Promise<PatientRow | undefined> {
  const [row] = await selectPatients(db)
    .where(and(eq(users.id, id), isPatient))
    .limit(1);
  return row as PatientRow | undefined;
}

/** The patient's own columns on `users` (name, e-mail, phone). */
export async function updatePatientIdentity(
  db: Db,
  id: number,
  changes: Partial<
    Pick<typeof users.$inferInsert, 'firstName' | 'lastName' | 'email' | 'username' | 'phoneNumber'>
  >,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .update(users)
    .set(changes)
    .where(and(eq(users.id, id), isPatient));
}

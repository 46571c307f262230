import type { TAccessLogEntry, TAuditEntry, TAuditFilters } from '@portal/shared/audit';
import { MEMBERSHIP_NAMES, type MembershipId } from '@portal/shared/memberships';
import { and, count, desc, eq, gte, inArray, like, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { PATIENT_LISTING_ACTIONS, type PatientListingAction } from '../../audit-chain/patient-listing.ts';
import type { Db } from '../../db/client.ts';
import { personNameSql } from '../../db/person-name.ts';
import { users } from '../../db/schema/accounts.ts';
import { auditLog } from '../../db/schema/platform.ts';

const actor = alias(users, 'audit_actor');
const actingAs = alias(users, 'audit_acting_as');
const patient = alias(users, 'audit_patient');

/**
 * Rows about a patient: its own (patient_id), and listings that showed it among others
 * (detail.patient_ids, by the GIN index audit_log_listed_patients_idx of migration 0013).
 */
function aboutPatient(patientId: number): SQL | undefined {
  return or(
    eq(auditLog.patientId, patientId),
    sql`(${auditLog.detail} -> 'patient_ids') @> ${JSON.stringify([patientId])}::jsonb`,
  );
}

/** The filters as a WHERE over audit_log; `action` ending in '.' takes every action it starts. */
export function auditWhere(filters: TAuditFilters): SQL | undefined {
  const action = filters.action?.trim();
  return and(
    filters.actor === undefined ? undefined : eq(auditLog.actorUserId, filters.actor),
    filters.acting_as === undefined ? undefined : eq(auditLog.actingAsUserId, filters.acting_as),
    filters.patient === undefined ? undefined : aboutPatient(filters.patient),
    !action
      ? undefined
      : action.endsWith('.')
        ? like(auditLog.action, `${action.replace(/[%_\\]/g, '\\$&')}%`)
        : eq(auditLog.action, action),
    filters.object_type ? eq(auditLog.objectType, filters.object_type) : undefined,
    filters.object_id ? eq(auditLog.objectId, filters.object_id) : undefined,
    filters.date_after ? gte(auditLog.createdAt, sql`${filters.date_after}::date`) : undefined,
    filters.date_before ? lt(auditLog.createdAt, sql`${filters.date_before}::date + 1`) : undefined,
  );
}

const entryColumns = {
  id: auditLog.id,
  chainSeq: auditLog.chainSeq,
  createdAt: auditLog.createdAt,
  action: auditLog.action,
  actorId: auditLog.actorUserId,
  actorName: personNameSql(actor),
  actorEmail: actor.email,
  actingAsId: auditLog.actingAsUserId,
  actingAsName: personNameSql(actingAs),
  actingAsEmail: actingAs.email,
  patientId: auditLog.patientId,
  patientName: personNameSql(patient),
  patientEmail: patient.email,
  targetUserId: auditLog.targetUserId,
  objectType: auditLog.objectType,
  objectId: auditLog.objectId,
  ip: auditLog.ip,
  detail: auditLog.detail,
};
type EntryRow = { [K in keyof typeof entryColumns]: unknown } & {
  id: number;
  createdAt: Date;
  action: string;
  detail: Record<string, unknown>;
};

function selectEntries(db: Db) {
  return db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .leftJoin(actingAs, eq(actingAs.id, auditLog.actingAsUserId))
    .leftJoin(patient, eq(patient.id, auditLog.patientId));
}

const person = (id: unknown, name: unknown, email: unknown) =>
  id === null || id === undefined
    ? null
    : { id: Number(id), name: String(name ?? '') || String(email ?? ''), email: String(email ?? '') };

export function auditEntryJson(row: EntryRow): TAuditEntry {
  return {
    id: row.id,
    chain_seq: row.chainSeq === null ? null : Number(row.chainSeq),
    created_at: row.createdAt.toISOString(),
    action: row.action,
    actor: person(row.actorId, row.actorName, row.actorEmail),
    acting_as: person(row.actingAsId, row.actingAsName, row.actingAsEmail),
    patient: person(row.patientId, row.patientName, row.patientEmail),
    target_user_id: row.targetUserId === null ? null : Number(row.targetUserId),
    object_type: String(row.objectType),
    object_id: String(row.objectId),
    ip: String(row.ip),
    detail: row.detail,
  };
}

/** A page of the trail, newest first; the total is counted up to a cap (the trail only grows). */
export async function findAuditPage(db: Db, filters: TAuditFilters, page: { limit: number; offset: number }) {
  const where = auditWhere(filters);
  const capped = db.select({ one: sql`1` }).from(auditLog).where(where).limit(100_000).as('capped');
  const [total] = await db.select({ n: count() }).from(capped);
  const rows = await selectEntries(db)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  return { count: total.n, results: (rows as EntryRow[]).map(auditEntryJson) };
}

/** Keyset batches for the CSV export (newest first, below `beforeId`). */
export async function selectAuditBefore(
  db: Db,
  filters: TAuditFilters,
  beforeId: number | null,
  limit: number,
) {
  const rows = await selectEntries(db)
    .where(and(auditWhere(filters), beforeId === null ? undefined : lt(auditLog.id, beforeId)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return (rows as EntryRow[]).map(auditEntryJson);
}

/**
 * What a patient sees of the trail: who opened the record, one of its documents or receipts, or listed
 * it (PATIENT_LISTING_ACTIONS), and as what the page names each.
 */
export const PATIENT_READ_ACTIONS = ['patient.viewed', 'document.viewed', 'receipt.viewed'] as const;
const ACCESS_WHAT: Record<(typeof PATIENT_READ_ACTIONS)[number] | PatientListingAction, string> = {
  'patient.viewed': 'Your record',
  'document.viewed': 'A document',
  'receipt.viewed': 'A receipt',
  'patient.listed': 'Your name in a list of patients',
  'vial.listed': 'Your vial history',
  'document.listed': 'Your documents in a list',
  'transaction.listed': 'Your receipts in a list',
};

export async function findAccessLog(db: Db, patientId: number, page: { limit: number; offset: number }) {
  // Others' openings: the patient's own reads are not news to the patient (Login As into it is).
  const where = and(
    or(
      and(eq(auditLog.patientId, patientId), inArray(auditLog.action, [...PATIENT_READ_ACTIONS])),
      and(inArray(auditLog.action, [...PATIENT_LISTING_ACTIONS]), aboutPatient(patientId)),
    ),
    sql`NOT (${auditLog.actorUserId} IS NOT DISTINCT FROM ${patientId} AND ${auditLog.actingAsUserId} IS NULL)`,
  );
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db
    .select({
      createdAt: auditLog.createdAt,
      action: auditLog.action,
      actorId: auditLog.actorUserId,
      actorName: personNameSql(actor),
      actorMembership: actor.membershipId,
      actingAsName: personNameSql(actingAs),
      actingAsId: auditLog.actingAsUserId,
      detail: auditLog.detail,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
    .leftJoin(actingAs, eq(actingAs.id, auditLog.actingAsUserId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(page.limit)
    .offset(page.offset);
  const results: TAccessLogEntry[] = rows.map((row) => ({
    created_at: row.createdAt.toISOString(),
    what: ACCESS_WHAT[row.action as keyof typeof ACCESS_WHAT] ?? 'Your record',
    who: row.actorId === null ? 'Someone with a signed link' : row.actorName || 'A portal user',
    role: row.actorMembership ? (MEMBERSHIP_NAMES[row.actorMembership as MembershipId] ?? '') : '',
    acting_as: row.actingAsId === null ? null : row.actingAsName || 'another account',
  }));
  return { count: total.n, results };
}

import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { findPage, type PageRequest, totalRows } from '../../db/paging.ts';
import { users } from '../../db/schema/accounts.ts';
import { transactions } from '../../db/schema/commerce.ts';
import { documents } from '../../db/schema/documents.ts';
import { shippingLabelPatients, shippingLabelRequests } from '../../db/schema/shipping.ts';
import type { ScopeActor } from '../accounts/roles.ts';
import { inAdminReach } from '../accounts/scopes.repository.ts';

export type LabelRequestRow = typeof shippingLabelRequests.$inferSelect;
export type LabelRequestInsert = typeof shippingLabelRequests.$inferInsert;
export type LabelPatient = { id: number; firstName: string; lastName: string };
export type LabelRequestWithParties = {
  request: LabelRequestRow;
  center: { id: number; company: string; email: string };
  patients: LabelPatient[];
};

export async function insertLabelRequest(
  db: Db,
  values: LabelRequestInsert,
  patientIds: readonly number[],
): Promise<LabelRequestRow> {
  const [row] = await db.insert(shippingLabelRequests).values(values).returning();
  if (patientIds.length > 0) {
    await db
      .insert(shippingLabelPatients)
      .values(patientIds.map((patientId) => ({ requestId: row.id, patientId })));
  }
  return row;
}

export async function findLabelRequest(
  db: Db,
  id: number,
  options: { forUpdate?: boolean } = {},
): Promise<LabelRequestRow | null> {
  const query = db.select().from(shippingLabelRequests).where(eq(shippingLabelRequests.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findLabelRequestByLabelKey(db: Db, labelKey: string): Promise<LabelRequestRow | null> {
  const [row] = await db
    .select()
    .from(shippingLabelRequests)
    .where(eq(shippingLabelRequests.labelKey, labelKey));
  return row ?? null;
}

export async function updateLabelRequest(
  db: Db,
  id: number,
  changes: Partial<LabelRequestInsert>,
): Promise<LabelRequestRow> {
  const [row] = await db
    .update(shippingLabelRequests)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(shippingLabelRequests.id, id))
    .returning();
  return row;
}

/** The requests of some transactions (the center's transaction rows), by transaction id. */
export async function findLabelRequestsOfTransactions(
  db: Db,
  transactionIds: readonly number[],
): Promise<Map<number, LabelRequestRow>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(shippingLabelRequests)
    .where(inArray(shippingLabelRequests.transactionId, [...transactionIds]));
  return new Map(rows.map((row) => [row.transactionId as number, row]));
}

/** Adds the center and the patients to request rows (two queries for a whole page). */
export async function withParties(db: Db, rows: LabelRequestRow[]): Promise<LabelRequestWithParties[]> {
  if (rows.length === 0) return [];
  const centerIds = [...new Set(rows.map((row) => row.centerId))];
  const [centers, patients] = await Promise.all([
    db
      .select({ id: users.id, company: users.company, email: users.email })
      .from(users)
      .where(inArray(users.id, centerIds)),
    db
      .select({
        requestId: shippingLabelPatients.requestId,
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
      })
      .from(shippingLabelPatients)
      .innerJoin(users, eq(users.id, shippingLabelPatients.patientId))
      .where(
        inArray(
          shippingLabelPatients.requestId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id)),
  ]);
  const centerById = new Map(centers.map((center) => [center.id, center]));
  return rows.map((request) => ({
    request,
    center: centerById.get(request.centerId) ?? { id: request.centerId, company: '', email: '' },
    patients: patients
      .filter((patient) => patient.requestId === request.id)
      .map(({ id, firstName, lastName }) => ({ id, firstName, lastName })),
  }));
}

/**
 * The filter box: the request's own text (center, contacts, other patient, tracking number, city,
 * trigram-indexed) or one of its patients' names and e-mails (users.search_text, trigram-indexed).
 */
function searchCondition(term: string): SQL {
  const pattern = containsPattern(term);
  return sql`(${shippingLabelRequests.searchText} like ${pattern} or exists (
    select 1 from ${shippingLabelPatients}
    join ${users} on ${users.id} = ${shippingLabelPatients.patientId}
    where ${shippingLabelPatients.requestId} = ${shippingLabelRequests.id}
      and ${users.searchText} like ${pattern}))`;
}

/** Newest first, paged and filtered in SQL; `inAdminReachOf`: only centers that admin reaches. */
export async function findLabelRequestPage(
  db: Db,
  filters: { search?: string; centerId?: number; inAdminReachOf?: ScopeActor },
  page: PageRequest,
): Promise<{ count: number; rows: LabelRequestRow[] }> {
  const term = filters.search?.trim();
  const where = and(
    filters.inAdminReachOf ? inAdminReach(filters.inAdminReachOf, shippingLabelRequests.centerId) : undefined,
    term ? searchCondition(term) : undefined,
    filters.centerId === undefined ? undefined : eq(shippingLabelRequests.centerId, filters.centerId),
  );
  const result = await findPage(
    () =>
      db
        .select({ request: shippingLabelRequests, totalRows })
        .from(shippingLabelRequests)
        .where(where)
        .orderBy(desc(shippingLabelRequests.createdAt), desc(shippingLabelRequests.id)),
    page,
  );
  return { count: result.count, rows: result.rows.map((row) => row.request) };
}

/** The transaction a label is requested for, locked until the request is saved (one per transaction). */
export async function lockTransactionForLabel(db: Db, transactionId: number) {
  const [transaction] = await db
    .select({
      id: transactions.id,
      productId: transactions.productId,
      harvestCenterId: transactions.harvestCenterId,
      referralHarvestCenterId: transactions.referralHarvestCenterId,
    })
    .from(transactions)
    .where(eq(transactions.id, transactionId))
    .for('update');
  return transaction ?? null;
}

/** Whether any of these patients has an agreement waiting for a signature. */
export async function hasPendingAgreement(db: Db, patientIds: readonly number[]): Promise<boolean> {
  const [pending] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(inArray(documents.patientId, [...patientIds]), eq(documents.status, 'Pending')))
    .limit(1);
  return pending !== undefined;
}

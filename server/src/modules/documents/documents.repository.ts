import type { TDocumentEvent, TDocumentListQuery } from '@portal/shared/documents';
import { and, asc, desc, eq, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias, type SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { findPage, type Page, totalRows } from '../../db/paging.ts';
import { users } from '../../db/schema/accounts.ts';
import { documentEvents, documents, documentTemplates, signingLinks } from '../../db/schema/documents.ts';

/** The only place that talks to Drizzle about documents, their events, links and templates. */

export type DocumentRow = typeof documents.$inferSelect;
export type NewDocument = typeof documents.$inferInsert;
export type SigningLinkRow = typeof signingLinks.$inferSelect;
export type TemplateRow = typeof documentTemplates.$inferSelect;
export type EventRow = typeof documentEvents.$inferSelect;
export type EventName = TDocumentEvent['event'];
export type NewEvent = {
  event: EventName;
  at?: Date;
  ip?: string | null;
  userAgent?: string | null;
  by: string;
};

const patientUser = alias(users, 'doc_patient');
const centerUser = alias(users, 'doc_center');

/** A document with the names its lists show (the patient and the center). */
export const documentListColumns = {
  document: documents,
  patient: {
    id: patientUser.id,
    firstName: patientUser.firstName,
    lastName: patientUser.lastName,
    email: patientUser.email,
  },
  center: { id: centerUser.id, company: centerUser.company },
};
export type DocumentListRow = {
  document: DocumentRow;
  patient: { id: number; firstName: string; lastName: string; email: string } | null;
  center: { id: number; company: string } | null;
};

function selectDocuments<T extends SelectedFields>(db: Db, extra: T) {
  return db
    .select({ ...documentListColumns, ...extra })
    .from(documents)
    .leftJoin(patientUser, eq(patientUser.id, documents.patientId))
    .leftJoin(centerUser, eq(centerUser.id, documents.harvestCenterId))
    .$dynamic();
}

/** One document by its row id or public id, and whether `visibility` lets the caller see it. */
export async function findDocumentWithVisibility(
  db: Db,
  where: { id: number } | { documentId: string },
  visibility: SQL,
  options: { forUpdate?: boolean } = {},
): Promise<(DocumentListRow & { visible: boolean }) | undefined> {
  const condition = 'id' in where ? eq(documents.id, where.id) : eq(documents.documentId, where.documentId);
  const query = selectDocuments(db, { visible: sql<boolean>`(${visibility})` })
    .where(condition)
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update', { of: documents }) : await query;
  return row as (DocumentListRow & { visible: boolean }) | undefined;
}

export async function findDocumentById(db: Db, id: number, options: { forUpdate?: boolean } = {}) {
  const query = db.select().from(documents).where(eq(documents.id, id)).limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findDocumentByPublicId(db: Db, documentId: string) {
  const [row] = await db.select().from(documents).where(eq(documents.documentId, documentId)).limit(1);
  return row;
}

/** Filters of the lists, in SQL (search over names, e-mails and the public id; status; kind; owner). */
function listFilters(query: TDocumentListQuery): SQL[] {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(documents.status, query.status));
  if (query.kind) filters.push(eq(documents.kind, query.kind));
  if (query.owner)
    filters.push(eq(documents.party, query.owner === 'patients' ? 'patient' : 'harvest-center'));
  const term = query.search?.trim();
  if (term) {
    const like = containsPattern(term);
    filters.push(
      or(
        sql`${documents.searchText} LIKE ${like}`,
        ilike(sql`${patientUser.firstName} || ' ' || ${patientUser.lastName}`, like),
        ilike(patientUser.email, like),
        ilike(centerUser.company, like),
      ) as SQL,
    );
  }
  return filters;
}

/** What narrows a list beyond its query: one center's requests, one party, the pending requests of a provider. */
export type DocumentNarrowing = Partial<
  Pick<DocumentRow, 'harvestCenterId' | 'party' | 'status' | 'provider'>
>;

function narrowingConditions(narrowing: DocumentNarrowing): SQL[] {
  const conditions: SQL[] = [];
  if (narrowing.harvestCenterId != null)
    conditions.push(eq(documents.harvestCenterId, narrowing.harvestCenterId));
  if (narrowing.party) conditions.push(eq(documents.party, narrowing.party));
  if (narrowing.status) conditions.push(eq(documents.status, narrowing.status));
  if (narrowing.provider) conditions.push(eq(documents.provider, narrowing.provider));
  return conditions;
}

/** A page of documents the caller sees, newest first. */
export function listDocuments(
  db: Db,
  visibility: SQL,
  query: TDocumentListQuery,
  narrowing: DocumentNarrowing = {},
): Promise<Page<DocumentListRow>> {
  const where = and(visibility, ...listFilters(query), ...narrowingConditions(narrowing));
  return findPage(
    () =>
      selectDocuments(db, { totalRows })
        .where(where)
        .orderBy(desc(documents.createdAt), desc(documents.id)) as unknown as {
        limit(n: number): { offset(n: number): PromiseLike<(DocumentListRow & { totalRows: number })[]> };
      },
    query,
  ) as Promise<Page<DocumentListRow>>;
}

/** The newest document of each kind of a patient that is not Voided (its documents table). */
export async function findPatientDocuments(db: Db, patientId: number): Promise<DocumentListRow[]> {
  const rows = await selectDocuments(db, {})
    .where(
      and(
        eq(documents.patientId, patientId),
        eq(documents.party, 'patient'),
        sql`${documents.status} <> 'Voided'`,
      ),
    )
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return rows as DocumentListRow[];
}

/** A center-type account's newest own attestation that is not Voided. */
export async function findOwnAttestation(db: Db, accountId: number): Promise<DocumentListRow | undefined> {
  const [row] = await selectDocuments(db, {})
    .where(
      and(
        eq(documents.party, 'harvest-center'),
        eq(documents.signerUserId, accountId),
        sql`${documents.status} <> 'Voided'`,
      ),
    )
    .orderBy(
      // A completed attestation wins over a newer pending one.
      sql`CASE WHEN ${documents.status} = 'Completed' THEN 0 ELSE 1 END`,
      desc(documents.createdAt),
      desc(documents.id),
    )
    .limit(1);
  return row as DocumentListRow | undefined;
}

export async function listDocumentsByIds(db: Db, ids: number[]): Promise<DocumentListRow[]> {
  if (ids.length === 0) return [];
  const rows = await selectDocuments(db, {}).where(inArray(documents.id, ids)).orderBy(asc(documents.id));
  return rows as DocumentListRow[];
}

export async function insertDocument(db: Db, values: NewDocument): Promise<DocumentRow> {
  const [row] = await db.insert(documents).values(values).returning();
  return row;
}

export async function updateDocument(
  db: Db,
  id: number,
  changes: Partial<NewDocument>,
): Promise<DocumentRow> {
  const [row] = await db.update(documents).set(changes).where(eq(documents.id, id)).returning();
  return row;
}

export async function deleteDocumentRow(db: Db, id: number): Promise<void> {
  await db.delete(documents).where(eq(documents.id, id));
}

/**
 * Pending requests of the built-in service whose reminder is due, the longest due first (the
 * reminder job's batch; the rows are locked later, group by group).
 */
export function findDueReminders(db: Db, now: Date, limit: number) {
  return db
    .select({
      id: documents.id,
      signerEmail: documents.signerEmail,
      harvestCenterId: documents.harvestCenterId,
    })
    .from(documents)
    .where(
      and(
        eq(documents.status, 'Pending'),
        eq(documents.provider, 'builtin'),
        lte(documents.nextReminderAt, now),
      ),
    )
    .orderBy(asc(documents.nextReminderAt))
    .limit(limit);
}

/**
 * Of these documents, those still Pending and due, locked for the rest of the transaction; rows
 * another process holds are skipped (SKIP LOCKED), so two processes never remind twice.
 */
export async function lockStillDueReminders(db: Db, ids: number[], now: Date): Promise<DocumentRow[]> {
  return await db
    .select()
    .from(documents)
    .where(
      and(inArray(documents.id, ids), eq(documents.status, 'Pending'), lte(documents.nextReminderAt, now)),
    )
    .orderBy(asc(documents.id))
    .for('update', { skipLocked: true });
}

/** Pending requests of a signer that a new request of the same kinds replaces. */
export async function findPendingToReplace(
  db: Db,
  input: { harvestCenterId: number; patientId: number | null; signerEmail: string; kinds: string[] },
): Promise<DocumentRow[]> {
  if (input.kinds.length === 0) return [];
  const who =
    input.patientId !== null
      ? eq(documents.patientId, input.patientId)
      : and(
          isNull(documents.patientId),
          eq(documents.harvestCenterId, input.harvestCenterId),
          sql`lower(${documents.signerEmail}) = ${input.signerEmail.toLowerCase()}`,
        );
  return db
    .select()
    .from(documents)
    .where(
      and(
        who,
        eq(documents.party, 'patient'),
        eq(documents.status, 'Pending'),
        inArray(documents.kind, input.kinds as DocumentRow['kind'][]),
      ),
    )
    .for('update');
}

// ---------------------------------------------------------------------------------------------
// Events.
// ---------------------------------------------------------------------------------------------

export async function insertEvents(db: Db, documentId: number, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  await db.insert(documentEvents).values(
    events.map((e) => ({
      documentId,
      event: e.event,
      at: e.at ?? new Date(),
      ip: e.ip ?? null,
      userAgent: e.userAgent ?? null,
      by: e.by,
    })),
  );
}

export async function listEvents(db: Db, documentId: number) {
  return db
    .select()
    .from(documentEvents)
    .where(eq(documentEvents.documentId, documentId))
    .orderBy(asc(documentEvents.at), asc(documentEvents.id));
}

// ---------------------------------------------------------------------------------------------
// Signing links.
// ---------------------------------------------------------------------------------------------

export async function insertSigningLink(
  db: Db,
  values: { documentId: number; tokenHash: string; channel: SigningLinkRow['channel']; expiresAt: Date },
): Promise<SigningLinkRow> {
  const [row] = await db.insert(signingLinks).values(values).returning();
  return row;
}

/** Revokes a document's links that are still usable (all of them, or all but `exceptId`). */
export async function revokeLinks(db: Db, documentId: number, exceptId?: number): Promise<void> {
  await db
    .update(signingLinks)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(signingLinks.documentId, documentId),
        isNull(signingLinks.usedAt),
        isNull(signingLinks.revokedAt),
        exceptId === undefined ? undefined : sql`${signingLinks.id} <> ${exceptId}`,
      ),
    );
}

export async function findLinkWithDocument(db: Db, tokenHash: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select({ link: signingLinks, document: documents })
    .from(signingLinks)
    .innerJoin(documents, eq(documents.id, signingLinks.documentId))
    .where(eq(signingLinks.tokenHash, tokenHash))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}

export async function markLinkViewed(db: Db, linkId: number): Promise<boolean> {
  const rows = await db
    .update(signingLinks)
    .set({ viewedAt: new Date() })
    .where(and(eq(signingLinks.id, linkId), isNull(signingLinks.viewedAt)))
    .returning({ id: signingLinks.id });
  return rows.length > 0;
}

export async function markLinkUsed(db: Db, linkId: number, at: Date): Promise<void> {
  await db.update(signingLinks).set({ usedAt: at }).where(eq(signingLinks.id, linkId));
}

// ---------------------------------------------------------------------------------------------
// Templates.
// ---------------------------------------------------------------------------------------------

export async function findTemplate(db: Db, id: string): Promise<TemplateRow | undefined> {
  const [row] = await db.select().from(documentTemplates).where(eq(documentTemplates.id, id)).limit(1);
  return row;
}

export async function findTemplateBySource(db: Db, sourceDocumentId: number) {
  const [row] = await db
    .select()
    .from(documentTemplates)
    .where(eq(documentTemplates.sourceDocumentId, sourceDocumentId))
    .limit(1);
  return row;
}

/** The admin's replacement of a kind's built-in text: the newest template with no owner and no source. */
export async function findDefaultTemplate(db: Db, kind: TemplateRow['kind']) {
  const [row] = await db
    .select()
    .from(documentTemplates)
    .where(
      and(
        eq(documentTemplates.kind, kind),
        isNull(documentTemplates.ownerUserId),
        isNull(documentTemplates.sourceDocumentId),
      ),
    )
    .orderBy(desc(documentTemplates.createdAt), desc(documentTemplates.id))
    .limit(1);
  return row;
}

const sourceDocument = alias(documents, 'template_source');

export async function listTemplates(db: Db) {
  return db
    .select({
      template: documentTemplates,
      owner: { id: users.id, company: users.company, email: users.email },
      sourceDocumentId: sourceDocument.documentId,
    })
    .from(documentTemplates)
    .leftJoin(users, eq(users.id, documentTemplates.ownerUserId))
    .leftJoin(sourceDocument, eq(sourceDocument.id, documentTemplates.sourceDocumentId))
    .orderBy(desc(documentTemplates.createdAt), desc(documentTemplates.id))
    .limit(500);
}

/** Inserts a template; made from a source document only once (the unique index), then read back. */
export async function insertTemplate(
  db: Db,
  values: typeof documentTemplates.$inferInsert,
): Promise<TemplateRow> {
  const [row] = await db.insert(documentTemplates).values(values).onConflictDoNothing().returning();
  if (row) return row;
  const existing =
    values.sourceDocumentId != null ? await findTemplateBySource(db, values.sourceDocumentId) : undefined;
  if (!existing) throw new Error('template insert conflicted but nothing was found');
  return existing;
}

type SignupAttestation = { documentId: string; templateId: string; email: string };

/** The template made from a sign-up attestation, not owned yet, or undefined. */
async function findUnownedSignupTemplate(db: Db, input: SignupAttestation) {
  const [template] = await db
    .select({ id: documentTemplates.id })
    .from(documentTemplates)
    .innerJoin(documents, eq(documents.id, documentTemplates.sourceDocumentId))
    .where(
      and(
        eq(documentTemplates.id, input.templateId),
        isNull(documentTemplates.ownerUserId),
        eq(documents.documentId, input.documentId),
      ),
    )
    .limit(1);
  return template;
}

/** The attestation a sign-up may claim: Completed, signed by that e-mail, not claimed yet. */
function claimableSignupAttestation(input: SignupAttestation) {
  return and(
    eq(documents.documentId, input.documentId),
    eq(documents.kind, 'attestation'),
    eq(documents.party, 'harvest-center'),
    eq(documents.status, 'Completed'),
    isNull(documents.signerUserId),
    eq(sql`lower(${documents.signerEmail})`, input.email.toLowerCase()),
  );
}

/**
 * Gives a sign-up attestation (signed before its account existed) to the new account: the
 * document, Completed, signed by that e-mail and not yet claimed, and the template made from it.
 * The conditional UPDATE makes a second claim of the same document fail. False when anything does
 * not match.
 */
export async function claimSignupAttestation(
  db: Db,
  input: SignupAttestation & { userId: number },
): Promise<boolean> {
  const template = await findUnownedSignupTemplate(db, input);
  if (!template) return false;
  const claimed = await db
    .update(documents)
    .set({ signerUserId: input.userId, harvestCenterId: input.userId })
    .where(claimableSignupAttestation(input))
    .returning({ id: documents.id });
  if (claimed.length === 0) return false;
  await setTemplateOwner(db, template.id, input.userId);
  return true;
}

/** Whether claimSignupAttestation would take this attestation, without taking it. */
export async function isSignupAttestationClaimable(db: Db, input: SignupAttestation): Promise<boolean> {
  if (!(await findUnownedSignupTemplate(db, input))) return false;
  const [row] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(claimableSignupAttestation(input))
    .limit(1);
  return row !== undefined;
}

export async function setTemplateOwner(db: Db, id: string, ownerUserId: number): Promise<void> {
  await db
    .update(documentTemplates)
    .set({ ownerUserId })
    .where(and(eq(documentTemplates.id, id), isNull(documentTemplates.ownerUserId)));
}

// ---------------------------------------------------------------------------------------------
// The people around a document.
// ---------------------------------------------------------------------------------------------

export type Contact = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  membershipId: number;
  templateId: string;
};

export async function findContact(db: Db, id: number | null): Promise<Contact | undefined> {
  if (id === null) return undefined;
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      company: users.company,
      membershipId: users.membershipId,
      templateId: users.templateId,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

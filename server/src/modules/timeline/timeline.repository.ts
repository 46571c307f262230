import { and, asc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { personNameSql } from '../../db/person-name.ts';
import { users } from '../../db/schema/accounts.ts';
import { transactions } from '../../db/schema/commerce.ts';
import { documents } from '../../db/schema/documents.ts';
import { auditLog } from '../../db/schema/platform.ts';
import { shippingLabelPatients, shippingLabelRequests } from '../../db/schema/shipping.ts';
import { products, vialRecords } from '../../db/schema/vials.ts';

/** The rows a patient's timeline is told from, each oldest first. */

const who = alias(users, 'timeline_who');
/** The name of the account behind `who` (null when none). */
const whoName = personNameSql(who);

/** The patient's agreements, with when they were sent, signed or voided. */
export function findPatientAgreements(db: Db, patientId: number) {
  return db
    .select({
      documentId: documents.documentId,
      name: documents.name,
      status: documents.status,
      signerName: documents.signerName,
      createdAt: documents.createdAt,
      sentAt: documents.sentAt,
      completedAt: documents.completedAt,
      voidedAt: documents.voidedAt,
    })
    .from(documents)
    .where(and(eq(documents.patientId, patientId), eq(documents.party, 'patient')))
    .orderBy(asc(documents.createdAt));
}

/** Its vial records, with who wrote each. */
export function findVialRecordsWithAuthors(db: Db, patientId: number) {
  return db
    .select({
      type: vialRecords.type,
      quantity: vialRecords.quantity,
      date: vialRecords.date,
      note: vialRecords.note,
      trackingId: vialRecords.trackingId,
      by: whoName,
    })
    .from(vialRecords)
    .leftJoin(who, eq(who.id, vialRecords.createdById))
    .where(eq(vialRecords.userId, patientId))
    .orderBy(asc(vialRecords.date), asc(vialRecords.id));
}

/** Orders paid for the patient: product, amount, invoice and buyer. */
export function findPatientOrders(db: Db, patientId: number) {
  return db
    .select({
      id: transactions.id,
      invoiceId: transactions.invoiceId,
      createdAt: transactions.createdAt,
      amountCents: transactions.amountCents,
      product: products.name,
      buyer: whoName,
    })
    .from(transactions)
    .leftJoin(products, eq(products.id, transactions.productId))
    .leftJoin(who, eq(who.id, transactions.buyerUserId))
    .where(eq(transactions.patientId, patientId))
    .orderBy(asc(transactions.createdAt));
}

/** Shipping labels requested for the patient. */
export function findPatientLabelRequests(db: Db, patientId: number) {
  return db
    .select({
      id: shippingLabelRequests.id,
      createdAt: shippingLabelRequests.createdAt,
      labelDate: shippingLabelRequests.labelDate,
      trackingNumber: shippingLabelRequests.trackingNumber,
      trackingLink: shippingLabelRequests.trackingLink,
    })
    .from(shippingLabelRequests)
    .innerJoin(shippingLabelPatients, eq(shippingLabelPatients.requestId, shippingLabelRequests.id))
    .where(eq(shippingLabelPatients.patientId, patientId))
    .orderBy(asc(shippingLabelRequests.createdAt));
}

/** Changes to the record (patient.updated audit rows), with who made them. */
export function findRecordChanges(db: Db, patientId: number) {
  return db
    .select({
      at: auditLog.createdAt,
      action: auditLog.action,
      detail: auditLog.detail,
      by: whoName,
    })
    .from(auditLog)
    .leftJoin(who, eq(who.id, auditLog.actorUserId))
    .where(and(eq(auditLog.patientId, patientId), inArray(auditLog.action, ['patient.updated'])))
    .orderBy(asc(auditLog.id));
}

import { createHash } from 'node:crypto';
import { formatDisplayDate, todayIsoDate } from '@portal/shared/dates';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { PRODUCT } from '@portal/shared/products';
import {
  OTHER_PATIENT_ID,
  SHIPPING_LABEL_TEXTS,
  type TLabelNotificationResponse,
  type TLabelPatchBody,
  type TLabelRequest,
  type TLabelRequestCreated,
  type TLabelRequestInput,
  type TLabelRequestPage,
  type TLabelRequestQuery,
  type TLabelUpdateResponse,
  TRACKING_REQUIRED_MESSAGES,
} from '@portal/shared/shipping-labels';
import { and, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import { recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import { addressColumns } from '../../db/address-columns.ts';
import type { Db } from '../../db/client.ts';
import { patientAccounts } from '../../db/schema/account-links.ts';
import { transactions } from '../../db/schema/commerce.ts';
import { documents } from '../../db/schema/documents.ts';
import { shippingLabelRequests } from '../../db/schema/shipping.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors/app-error.ts';
import { enqueueMail } from '../../mail-delivery/outbox.ts';
import { type FileStorage, storedSha256 } from '../../storage/file-storage.ts';
import { requireMediaReader } from '../../storage/media-access.ts';
import { fileStagedUploads } from '../../storage/staged-uploads.ts';
import { findAccountById } from '../accounts/account-view.ts';
import { inAdminReach } from '../accounts/scopes.ts';
import { CarrierError, type CreatedShipment, type ShippingCarrier } from './carrier/carrier.ts';
import { LABEL_FILES } from './label-files.ts';
import { actsForLabelCenter, requireLabelCenter } from './shipping-labels.policy.ts';
import {
  findLabelRequest,
  findLabelRequestByLabelKey,
  findLabelRequestPage,
  findLabelRequestsOfTransactions,
  insertLabelRequest,
  type LabelRequestRow,
  type LabelRequestWithParties,
  updateLabelRequest,
  withParties,
} from './shipping-labels.repository.ts';

/** What the label use cases need from the app. */
export type ShippingLabelDeps = {
  db: Db;
  storage: FileStorage;
  /** The secret of short-lived file links (shared with the documents' media links). */
  mediaSecret(): Promise<string>;
  /** Sends queued mail now rather than at the worker's next poll. */
  wakeMail(): void;
};

const actorOf = (actor: Actor) => actor.session.actorUserId ?? actor.id;

export function labelRequestJson(item: LabelRequestWithParties, secret: string): TLabelRequest {
  const { request: r, center, patients } = item;
  return {
    id: r.id,
    harvest_center: r.centerId,
    transaction_id: r.transactionId,
    hc_desc: [center],
    harvest_center_name: r.centerName,
    harvest_center_email: r.centerEmail,
    harvest_center_representative: r.representative,
    doctor_name: r.doctorName,
    doctor_email: r.doctorEmail,
    doctor_phone: r.doctorPhone,
    address1: r.address1,
    address2: r.address2,
    city: r.city,
    state_desc: r.stateDesc,
    zip_code: r.zipCode,
    country_desc: r.countryDesc,
    patients_ids: patients.length > 0 ? patients.map((p) => p.id).join(',') : String(OTHER_PATIENT_ID),
    patients: patients.map((p) => ({ id: p.id, first_name: p.firstName, last_name: p.lastName })),
    other_patient_name: r.otherPatientName,
    label_date: r.labelDate,
    tracking_link: r.trackingLink,
    tracking_number: r.trackingNumber,
    pdf_file: r.labelKey ? LABEL_FILES.signedPath(secret, r.labelKey) : null,
    notification_sent: r.notificationSent,
    created_at: r.createdAt.toISOString(),
  };
}

async function requestJson(deps: ShippingLabelDeps, row: LabelRequestRow): Promise<TLabelRequest> {
  const [item] = await withParties(deps.db, [row]);
  return labelRequestJson(item, await deps.mediaSecret());
}

/** The processing-fee transaction a request is for: the center's own, and not requested before. */
async function requireRequestableTransaction(
  db: Db,
  center: { id: number; membershipId: number },
  transactionId: number,
) {
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
  if (!transaction) throw notFound('Transaction not found.');
  const own =
    center.membershipId === MEMBERSHIP.referralHarvestCenter
      ? transaction.referralHarvestCenterId === center.id
      : transaction.harvestCenterId === center.id;
  if (!own) throw forbidden(SHIPPING_LABEL_TEXTS.notOwnTransaction);
  if (transaction.productId !== PRODUCT.processingFee)
    throw badRequest(SHIPPING_LABEL_TEXTS.notProcessingFee);
}

/** Every chosen patient is the center's (an HC's own patients, or those an RHC referred). */
async function requireCenterPatients(
  db: Db,
  center: { id: number; membershipId: number },
  patientIds: number[],
) {
  if (patientIds.length === 0) return;
  const column =
    center.membershipId === MEMBERSHIP.referralHarvestCenter
      ? patientAccounts.referralHarvestCenterId
      : patientAccounts.harvestCenterId;
  const own = await db
    .select({ id: patientAccounts.userId })
    .from(patientAccounts)
    .where(and(inArray(patientAccounts.userId, patientIds), eq(column, center.id)));
  if (own.length !== patientIds.length) {
    throw badRequest(SHIPPING_LABEL_TEXTS.notOwnPatient, {
      patients_ids: SHIPPING_LABEL_TEXTS.notOwnPatient,
    });
  }
}

/** Part 2 §4: no label while any of the patients' agreements waits for a signature. */
async function refuseWhilePending(db: Db, patientIds: number[]) {
  if (patientIds.length === 0) return;
  const [pending] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(inArray(documents.patientId, patientIds), eq(documents.status, 'Pending')))
    .limit(1);
  if (pending) throw conflict(SHIPPING_LABEL_TEXTS.actionPending);
}

/** POST /api/v1/fedex-requests/: a center (its staff, an admin) asks for a label. */
export async function createLabelRequest(
  deps: ShippingLabelDeps,
  actor: Actor,
  body: TLabelRequestInput,
  context: RequestContext,
): Promise<TLabelRequestCreated> {
  const center = await requireLabelCenter(deps.db, actor, body.harvest_center);
  const patientIds = body.patients_ids.filter((id) => id !== OTHER_PATIENT_ID);
  const row = await deps.db.transaction(async (tx) => {
    if (body.transaction_id !== null) {
      await requireRequestableTransaction(tx, center, body.transaction_id);
      const earlier = await findLabelRequestsOfTransactions(tx, [body.transaction_id]);
      if (earlier.size > 0) throw conflict(SHIPPING_LABEL_TEXTS.alreadyRequested);
    }
    await requireCenterPatients(tx, center, patientIds);
    await refuseWhilePending(tx, patientIds);
    const inserted = await insertLabelRequest(
      tx,
      {
        centerId: center.id,
        transactionId: body.transaction_id,
        requestedByUserId: actorOf(actor),
        centerName: body.harvest_center_name || center.company,
        centerEmail: body.harvest_center_email,
        representative: body.harvest_center_representative,
        doctorName: body.doctor_name,
        doctorEmail: body.doctor_email,
        doctorPhone: body.doctor_phone,
        otherPatientName: patientIds.length === 0 ? body.other_patient_name : '',
        labelDate: body.label_date ?? todayIsoDate(),
        ...addressColumns(body),
      },
      patientIds,
    );
    await recordAudit(tx, {
      action: 'shipping_label.requested',
      actorUserId: actorOf(actor),
      targetUserId: center.id,
      ip: context.ip,
      detail: { request_id: inserted.id, transaction_id: body.transaction_id, patient_ids: patientIds },
    });
    return inserted;
  });
  return { success: true, message: SHIPPING_LABEL_TEXTS.requested, data: await requestJson(deps, row) };
}

/** The label of each transaction that has one (part 2 §3 fedex_request), for the centers' rows. */
export async function labelSummariesOfTransactions(
  deps: ShippingLabelDeps,
  transactionIds: readonly number[],
) {
  const requests = await findLabelRequestsOfTransactions(deps.db, transactionIds);
  const secret = requests.size > 0 ? await deps.mediaSecret() : '';
  return new Map(
    [...requests].map(([transactionId, r]) => [
      transactionId,
      {
        id: r.id,
        pdf_file: r.labelKey ? LABEL_FILES.signedPath(secret, r.labelKey) : null,
        tracking_link: r.trackingLink,
        tracking_number: r.trackingNumber,
      },
    ]),
  );
}

/** GET /api/admin/fedex-requests/: newest first, 10 a page, the filter box searched in SQL. */
export async function listLabelRequests(
  deps: ShippingLabelDeps,
  actor: Actor,
  query: TLabelRequestQuery,
): Promise<TLabelRequestPage> {
  const page = await findLabelRequestPage(
    deps.db,
    { search: query.search, scope: inAdminReach(actor, shippingLabelRequests.centerId) },
    query,
  );
  const secret = await deps.mediaSecret();
  return {
    count: page.count,
    results: (await withParties(deps.db, page.rows)).map((item) => labelRequestJson(item, secret)),
  };
}

/** A request the caller may see: its center, the center's staff, admins. */
export async function getLabelRequest(deps: ShippingLabelDeps, actor: Actor, id: number) {
  const row = await findLabelRequest(deps.db, id);
  if (!row) throw notFound('Label request not found.');
  if (!(await actsForLabelCenter(deps.db, actor, row.centerId))) throw forbidden();
  return requestJson(deps, row);
}

/** Queues the label mail to the center (with the PDF attached) and marks the request notified. */
async function notifyCenter(tx: Db, row: LabelRequestRow): Promise<LabelRequestRow> {
  if (!row.labelKey) throw badRequest(SHIPPING_LABEL_TEXTS.noLabelFile);
  const lines = [
    `Hello ${row.representative || row.centerName},`,
    '',
    `The FedEx label for your shipment of ${formatDisplayDate(row.labelDate)} is attached.`,
    `Tracking number: ${row.trackingNumber}`,
    `Track it here: ${row.trackingLink}`,
    '',
    'Print the label and attach it to the box before handing it to FedEx.',
    '',
    'Portal',
  ];
  await enqueueMail(tx, {
    to: row.centerEmail,
    subject: `Your FedEx label, tracking number ${row.trackingNumber}`,
    text: lines.join('\n'),
    attachments: [
      { filename: `fedex-label-${row.id}.pdf`, storageKey: row.labelKey, contentType: 'application/pdf' },
    ],
  });
  return updateLabelRequest(tx, row.id, { notificationSent: true, notificationSentAt: new Date() });
}

/** A staged label PDF (process-file/) filed under the labels' folder; the old one goes after commit. */
async function fileStagedLabel(deps: ShippingLabelDeps, actor: Actor, stagedKey: string) {
  const key = LABEL_FILES.newKey('pdf');
  const filed = await fileStagedUploads(deps, actor.id, [
    { field: 'pdf_file', staged: stagedKey, target: key },
  ]);
  return { key, undo: filed.undo, sha256: await storedSha256(deps.storage, key) };
}

/**
 * PATCH /api/v1/fedex-requests/{id}/ (notify false) and update-sent-notification/{id}/ (notify true):
 * the admin adds the tracking number, link and (optionally new) label; with notify, the label mail is
 * queued in the same transaction.
 */
/** Part 2 §5: a label's request keeps a tracking number and link, whichever fields a PATCH names. */
function assertTracked(merged: Record<keyof typeof TRACKING_REQUIRED_MESSAGES, string>): void {
  const missing = Object.entries(TRACKING_REQUIRED_MESSAGES).filter(
    ([field]) => merged[field as keyof typeof merged] === '',
  );
  if (missing.length) throw badRequest(missing[0][1], Object.fromEntries(missing));
}

export async function updateLabel(
  deps: ShippingLabelDeps,
  actor: Actor,
  id: number,
  body: TLabelPatchBody,
  options: { notify: boolean },
  context: RequestContext,
): Promise<TLabelUpdateResponse> {
  const existing = await findLabelRequest(deps.db, id);
  if (!existing) throw notFound('Label request not found.');
  if (!(await actsForLabelCenter(deps.db, actor, existing.centerId))) throw forbidden();
  const filed = body.pdf_file ? await fileStagedLabel(deps, actor, body.pdf_file) : null;
  let replacedKey: string | null = null;
  try {
    const row = await deps.db.transaction(async (tx) => {
      const current = await findLabelRequest(tx, id, { forUpdate: true });
      if (!current) throw notFound('Label request not found.');
      assertTracked({
        tracking_number: body.tracking_number ?? current.trackingNumber,
        tracking_link: body.tracking_link ?? current.trackingLink,
      });
      replacedKey = filed ? current.labelKey : null;
      // Only what the body names (Drizzle leaves out the undefined ones).
      let row = await updateLabelRequest(tx, id, {
        trackingNumber: body.tracking_number,
        trackingLink: body.tracking_link,
        ...(filed ? { labelKey: filed.key, labelSha256: filed.sha256 } : {}),
      });
      if (options.notify) row = await notifyCenter(tx, row);
      await recordAudit(tx, {
        action: options.notify ? 'shipping_label.updated_and_sent' : 'shipping_label.updated',
        actorUserId: actorOf(actor),
        targetUserId: row.centerId,
        ip: context.ip,
        detail: {
          request_id: id,
          before: { tracking_number: current.trackingNumber, tracking_link: current.trackingLink },
          after: { tracking_number: row.trackingNumber, tracking_link: row.trackingLink },
          label_sha256: filed?.sha256,
        },
      });
      return row;
    });
    if (replacedKey) await deps.storage.delete(replacedKey).catch(() => {});
    if (options.notify) deps.wakeMail();
    return {
      id: row.id,
      message: options.notify ? SHIPPING_LABEL_TEXTS.labelAddedAndSent : SHIPPING_LABEL_TEXTS.labelAdded,
      data: await requestJson(deps, row),
    };
  } catch (error) {
    // The upload goes back where the form can use it again.
    await filed?.undo();
    throw error;
  }
}

/** POST /api/v1/fedex-requests/send-notification/: mails the label (only once one exists). */
export async function sendLabelNotification(
  deps: ShippingLabelDeps,
  actor: Actor,
  id: number,
  context: RequestContext,
): Promise<TLabelNotificationResponse> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await findLabelRequest(tx, id, { forUpdate: true });
    if (!current) throw notFound('Label request not found.');
    if (!(await actsForLabelCenter(tx, actor, current.centerId))) throw forbidden();
    const sent = await notifyCenter(tx, current);
    await recordAudit(tx, {
      action: 'shipping_label.notification_sent',
      actorUserId: actorOf(actor),
      targetUserId: current.centerId,
      ip: context.ip,
      detail: { request_id: id, to: current.centerEmail },
    });
    return sent;
  });
  deps.wakeMail();
  return {
    code: 'Success',
    message: SHIPPING_LABEL_TEXTS.notificationSent,
    data: await requestJson(deps, row),
  };
}

/**
 * POST /api/v1/fedex-requests/{id}/create-label/: the carrier makes the shipment; its label, tracking
 * number and link are saved as if the admin had added them. Nothing is saved when the carrier refuses,
 * and a request that has a label is not shipped twice.
 */
export async function createCarrierLabel(
  deps: ShippingLabelDeps & { carrier: ShippingCarrier | null },
  actor: Actor,
  id: number,
  context: RequestContext,
): Promise<TLabelUpdateResponse> {
  const request = await findLabelRequest(deps.db, id);
  if (!request) throw notFound('Label request not found.');
  if (!(await actsForLabelCenter(deps.db, actor, request.centerId))) throw forbidden();
  if (!deps.carrier) throw conflict(SHIPPING_LABEL_TEXTS.noCarrier);
  if (request.labelKey) throw conflict(SHIPPING_LABEL_TEXTS.hasLabel);
  // The spec's form has no clinic phone: the doctor's, else the center's account phone.
  const center = await findAccountById(deps.db, request.centerId);
  let shipment: CreatedShipment;
  try {
    shipment = await deps.carrier.createShipment({
      reference: `Label request ${request.id}`,
      shipDate: request.labelDate,
      sender: {
        name: request.representative,
        company: request.centerName,
        phone: request.doctorPhone || center?.phoneNumber || '',
        email: request.centerEmail,
        address1: request.address1,
        address2: request.address2,
        city: request.city,
        state: request.stateDesc,
        zip: request.zipCode,
        country: request.countryDesc,
      },
    });
  } catch (error) {
    if (error instanceof CarrierError) throw new AppError(502, error.message);
    throw error;
  }
  if ((await fileTypeFromBuffer(shipment.labelPdf))?.mime !== 'application/pdf') {
    throw new AppError(502, 'The carrier answered a label that is not a PDF.');
  }
  const key = LABEL_FILES.newKey('pdf');
  await deps.storage.put(key, shipment.labelPdf, { contentType: 'application/pdf' });
  try {
    const row = await deps.db.transaction(async (tx) => {
      const current = await findLabelRequest(tx, id, { forUpdate: true });
      if (!current) throw notFound('Label request not found.');
      if (current.labelKey) throw conflict(SHIPPING_LABEL_TEXTS.hasLabel);
      const updated = await updateLabelRequest(tx, id, {
        trackingNumber: shipment.trackingNumber,
        trackingLink: shipment.trackingLink,
        labelKey: key,
        labelSha256: createHash('sha256').update(shipment.labelPdf).digest('hex'),
      });
      await recordAudit(tx, {
        action: 'shipping_label.created_by_carrier',
        actorUserId: actorOf(actor),
        targetUserId: current.centerId,
        ip: context.ip,
        detail: { request_id: id, carrier: deps.carrier?.name, tracking_number: shipment.trackingNumber },
      });
      return updated;
    });
    return { id: row.id, message: SHIPPING_LABEL_TEXTS.labelCreated, data: await requestJson(deps, row) };
  } catch (error) {
    await deps.storage.delete(key).catch(() => {});
    throw error;
  }
}

/**
 * GET /media/fedex-label/{file}: a label for its center, the center's staff and admins, or the holder
 * of a signed link; 404 after that when no request has this file.
 */
export async function openLabelFile(
  deps: ShippingLabelDeps,
  actor: Actor | null,
  file: string,
  query: { expires?: number; signature?: string },
): Promise<{ key: string; filename: string }> {
  const key = LABEL_FILES.keyOfFile(file);
  const row = await findLabelRequestByLabelKey(deps.db, key);
  await requireMediaReader({
    folder: LABEL_FILES,
    key,
    query,
    actor,
    secret: deps.mediaSecret,
    mayRead: (reader) => row === null || actsForLabelCenter(deps.db, reader, row.centerId),
  });
  if (!row) throw notFound('Label not found.');
  return { key, filename: `fedex-label-${row.id}.pdf` };
}

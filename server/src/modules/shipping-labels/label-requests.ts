import { todayIsoDate } from '@portal/shared/dates';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { PRODUCT } from '@portal/shared/products';
import {
  OTHER_PATIENT_ID,
  SHIPPING_LABEL_TEXTS,
  type TLabelRequestCreated,
  type TLabelRequestInput,
  type TLabelRequestPage,
  type TLabelRequestQuery,
} from '@portal/shared/shipping-labels';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import { type Actor, personOf, type RequestContext } from '../../auth/actor.ts';
import { addressColumns } from '../../db/address-columns.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors/app-error.ts';
import { patientsOfCenterAmong } from '../accounts/patient-links.repository.ts';
import { LABEL_FILES } from './label-files.ts';
import { actsForLabelCenter, requireLabelCenter } from './shipping-labels.policy.ts';
import {
  findLabelRequest,
  findLabelRequestPage,
  findLabelRequestsOfTransactions,
  hasPendingAgreement,
  insertLabelRequest,
  lockTransactionForLabel,
  withParties,
} from './shipping-labels.repository.ts';
import { labelRequestJson, requestJson } from './shipping-labels.view.ts';
import type { ShippingLabelDeps } from './shipping-labels-deps.ts';

/** The processing-fee transaction a request is for: the center's own, and not requested before. */
async function requireRequestableTransaction(
  db: Db,
  center: { id: number; membershipId: number },
  transactionId: number,
) {
  const transaction = await lockTransactionForLabel(db, transactionId);
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
  const own = await patientsOfCenterAmong(db, center, patientIds);
  if (own.length !== patientIds.length) {
    throw badRequest(SHIPPING_LABEL_TEXTS.notOwnPatient, {
      patients_ids: SHIPPING_LABEL_TEXTS.notOwnPatient,
    });
  }
}

/** Part 2 §4: no label while any of the patients' agreements waits for a signature. */
async function refuseWhilePending(db: Db, patientIds: number[]) {
  if (patientIds.length === 0) return;
  if (await hasPendingAgreement(db, patientIds)) throw conflict(SHIPPING_LABEL_TEXTS.actionPending);
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
        requestedByUserId: personOf(actor),
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
    await recordAudit(tx, identityOf(actor, context), {
      action: 'shipping_label.requested',
      targetUserId: center.id,
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
  const page = await findLabelRequestPage(deps.db, { search: query.search, inAdminReachOf: actor }, query);
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

import {
  notEnoughVialsMessage,
  TOTALS_BELOW_ZERO_MESSAGE,
  TRACKING_ID_REQUIRED_MESSAGE,
  type TVialRecord,
  type TVialRecordCreate,
  type TVialRecordUpdate,
  type TVialsHistoryResponse,
  type TVialWriteResponse,
  VIAL_RECORD_ADDED_MESSAGE,
  VIAL_RECORD_UPDATED_MESSAGE,
  vialRecordEffect,
  vialTotalsDelta,
} from '@portal/shared/vials';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import { type Actor, personOf, type RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../errors/app-error.ts';
import { adjustVialTotals } from '../accounts/account-writes.repository.ts';
import { findVialTotals, findVialTotalsVisibleTo } from '../accounts/vial-totals.repository.ts';
import { canWriteVials } from './vials.policy.ts';
import {
  findVialRecordForUpdate,
  findVialRecordPage,
  insertVialRecord,
  updateVialRecord,
  type VialRecordRow,
} from './vials.repository.ts';

export function toVialRecord(row: VialRecordRow): TVialRecord {
  return {
    id: row.id,
    user: row.userId,
    type: row.type,
    quantity: row.quantity,
    date: row.date,
    note: row.note,
    tracking_id: row.trackingId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The patient behind a vial call, with its totals, in one query: 404 unknown, 403 not the
 * caller's (patientScope), 403 for a write by someone who does not hold the vials.
 */
async function requirePatientTotals(db: Db, actor: Actor, patientId: number, write: boolean) {
  const found = await findVialTotalsVisibleTo(db, actor, patientId);
  if (!found) throw notFound('Patient not found.');
  if (!found.visible) throw forbidden('You do not have access to this patient.');
  const canWrite = canWriteVials(actor, true);
  if (write && !canWrite) throw forbidden("Only an admin or the patient's lab can change vial records.");
  return { totals: found, canWrite };
}

export async function getVialsHistory(
  db: Db,
  actor: Actor,
  patientId: number,
  page: { limit: number; offset: number },
): Promise<TVialsHistoryResponse> {
  const { totals, canWrite: canEdit } = await requirePatientTotals(db, actor, patientId, false);
  const { count, rows } = await findVialRecordPage(db, patientId, page);
  return {
    vials_available: totals.vialsAvailable,
    vials_shipped: totals.vialsShipped,
    vials_preparation: totals.vialsPreparation,
    count,
    vials_history: rows.map(toVialRecord),
    can_edit: canEdit,
  };
}

/** Records a movement and moves the patient's totals with it, in one transaction. */
export async function createVialRecord(
  db: Db,
  actor: Actor,
  input: TVialRecordCreate,
  context: RequestContext,
): Promise<TVialWriteResponse> {
  return db.transaction(async (tx) => {
    await requirePatientTotals(tx, actor, input.user, true);
    const trackingId = input.type === 'shipped' ? input.tracking_id : '';
    const totals = await adjustVialTotals(tx, input.user, vialTotalsDelta(null, input));
    if (!totals) {
      const current = await findVialTotals(tx, input.user);
      const message = notEnoughVialsMessage(current.vialsAvailable, input.quantity);
      throw badRequest(message, { quantity: message });
    }
    const record = await insertVialRecord(tx, {
      userId: input.user,
      type: input.type,
      quantity: input.quantity,
      date: input.date,
      note: input.note,
      trackingId,
      createdById: personOf(actor),
    });
    await recordAudit(tx, identityOf(actor, context), {
      action: 'vials.record_added',
      targetUserId: input.user,
      detail: { record_id: record.id, type: record.type, quantity: record.quantity },
    });
    return {
      message: VIAL_RECORD_ADDED_MESSAGE,
      data: toVialRecord(record),
      vials_available: totals.vialsAvailable,
      vials_shipped: totals.vialsShipped,
    };
  });
}

/** Edits a record; the totals move by the difference between the old and the new record. */
export async function updateVialRecordAndTotals(
  db: Db,
  actor: Actor,
  recordId: number,
  input: TVialRecordUpdate,
  context: RequestContext,
): Promise<TVialWriteResponse> {
  return db.transaction(async (tx) => {
    const before = await findVialRecordForUpdate(tx, recordId);
    if (!before) throw notFound('Vial record not found.');
    await requirePatientTotals(tx, actor, before.userId, true);
    const type = input.type ?? before.type;
    const after = {
      type,
      quantity: input.quantity ?? before.quantity,
      date: input.date ?? before.date,
      note: input.note ?? before.note,
      trackingId: type === 'shipped' ? (input.tracking_id ?? before.trackingId) : '',
    };
    if (after.type === 'shipped' && after.trackingId === '') {
      throw badRequest(TRACKING_ID_REQUIRED_MESSAGE, { tracking_id: TRACKING_ID_REQUIRED_MESSAGE });
    }
    const delta = vialTotalsDelta(before, after);
    const totals = await adjustVialTotals(tx, before.userId, delta);
    if (!totals) {
      const current = await findVialTotals(tx, before.userId);
      // Stock there would be without this record, against what the edited record takes out of it.
      const withoutRecord = current.vialsAvailable - vialRecordEffect(before).available;
      const message =
        after.type === 'shipped'
          ? notEnoughVialsMessage(withoutRecord, after.quantity)
          : TOTALS_BELOW_ZERO_MESSAGE;
      throw badRequest(message, { quantity: message });
    }
    const record = await updateVialRecord(tx, recordId, after);
    await recordAudit(tx, identityOf(actor, context), {
      action: 'vials.record_updated',
      targetUserId: before.userId,
      detail: {
        record_id: recordId,
        before: { type: before.type, quantity: before.quantity },
        after: { type: after.type, quantity: after.quantity },
      },
    });
    return {
      message: VIAL_RECORD_UPDATED_MESSAGE,
      data: toVialRecord(record),
      vials_available: totals.vialsAvailable,
      vials_shipped: totals.vialsShipped,
    };
  });
}

import { createHash } from 'node:crypto';
import { SHIPPING_LABEL_TEXTS, type TLabelUpdateResponse } from '@portal/shared/shipping-labels';
import { fileTypeFromBuffer } from 'file-type';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import { AppError, conflict, forbidden, notFound } from '../../errors/app-error.ts';
import { findAccountById } from '../accounts/account-view.repository.ts';
import { CarrierError, type CreatedShipment, type ShippingCarrier } from './carrier/carrier.ts';
import { LABEL_FILES } from './label-files.ts';
import { actsForLabelCenter } from './shipping-labels.policy.ts';
import { findLabelRequest, updateLabelRequest } from './shipping-labels.repository.ts';
import { requestJson } from './shipping-labels.view.ts';
import type { ShippingLabelDeps } from './shipping-labels-deps.ts';

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
      await recordAudit(tx, identityOf(actor, context), {
        action: 'shipping_label.created_by_carrier',
        targetUserId: current.centerId,
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

import { OTHER_PATIENT_ID, type TLabelRequest } from '@portal/shared/shipping-labels';
import { LABEL_FILES } from './label-files.ts';
import {
  type LabelRequestRow,
  type LabelRequestWithParties,
  withParties,
} from './shipping-labels.repository.ts';
import type { ShippingLabelDeps } from './shipping-labels-deps.ts';

/** A request as the API answers it, its label as a short-lived signed link. */
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

/** One request row as the API answers it, its center and patients read first. */
export async function requestJson(deps: ShippingLabelDeps, row: LabelRequestRow): Promise<TLabelRequest> {
  const [item] = await withParties(deps.db, [row]);
  return labelRequestJson(item, await deps.mediaSecret());
}

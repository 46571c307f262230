import {
  patientLabStage,
  seesPatientIdentity,
  type TCenterDesc,
  type TPatient,
  type TPatientField,
} from '@portal/shared/patients';
import { salesRepDesc, toLabTrackingJson } from '../accounts/account-json.ts';
import type { PatientAccountRow } from '../accounts/account-view.repository.ts';
import type { PatientRow } from './patients.repository.ts';

function centerDesc(
  id: number | null,
  company: string | null,
  email: string | null,
  templateId: string | null,
): TCenterDesc[] {
  return id === null || company === null
    ? []
    : [{ id, company, email: email ?? '', template_id: templateId ?? '' }];
}

/** The patient as the API shows it. */
export function toPatient(row: PatientRow): TPatient {
  const p = row.patient;
  const labTracking = toLabTrackingJson(p);
  return {
    id: p.id,
    email: p.email,
    first_name: p.firstName,
    last_name: p.lastName,
    phone_number: p.phoneNumber,
    subscription: p.membershipId,
    is_active: p.isActive,
    has_signed_in: p.lastLogin !== null,
    date_joined: p.dateJoined.toISOString(),
    lab_id: p.labSampleId,
    processing_lab: p.processingLabId,
    processing_lab_name: row.labName,
    harvest_center_temporal: p.harvestCenterId,
    hc_desc: centerDesc(p.harvestCenterId, row.hcCompany, row.hcEmail, row.hcTemplateId),
    referral_harvest_center_temporal: p.referralHarvestCenterId,
    rhc_desc: centerDesc(p.referralHarvestCenterId, row.rhcCompany, row.rhcEmail, row.rhcTemplateId),
    saless_rep_id: p.salesRepId,
    sales_rep_desc: salesRepDesc(p.salesRepId, row),
    sales_manager_id: p.salesManagerId,
    sales_distributor_id: p.salesDistributorId,
    ...labTracking,
    lab_stage: patientLabStage(labTracking),
  };
}

/** The patient as this caller may see it: a sales rep gets no name, e-mail or phone (part 1 §5). */
export function patientFor(viewer: { membershipId: number }, patient: TPatient): TPatient {
  if (seesPatientIdentity(viewer.membershipId)) return patient;
  return { ...patient, first_name: '', last_name: '', email: '', phone_number: '' };
}

/** The form fields of a stored patient, by API name (to tell a changed value from a sent-back one). */
export function patientFieldValues(
  p: PatientAccountRow,
): Record<TPatientField, string | number | boolean | null> {
  return {
    first_name: p.firstName,
    last_name: p.lastName,
    email: p.email.toLowerCase(),
    phone_number: p.phoneNumber,
    harvest_center_temporal: p.harvestCenterId,
    referral_harvest_center_temporal: p.referralHarvestCenterId,
    processing_lab: p.processingLabId,
    lab_id: p.labSampleId,
    number_times_qc_done: p.numberTimesQcDone,
    date_adipose_shipped_to_lab: p.dateAdiposeShippedToLab,
    date_adipose_received_by_lab: p.dateAdiposeReceivedByLab,
    estimated_date_vials_ready_to_ship: p.estimatedDateVialsReadyToShip,
    estimated_date_set_manually: p.estimatedDateSetManually,
    date_vials_ready_to_ship: p.dateVialsReadyToShip,
    stemcell_plating_initiated_date: p.stemcellPlatingInitiatedDate,
    stemcell_plating_successful: p.stemcellPlatingSuccessful,
    hla_typing_test: p.hlaTypingTest,
    vials_preparation: p.vialsPreparation,
    vials_ready_ship: p.vialsReadyShip,
  };
}

/** API field name → property of the account (AccountRow). */
export const PATIENT_FIELD_COLUMNS = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  phone_number: 'phoneNumber',
  harvest_center_temporal: 'harvestCenterId',
  referral_harvest_center_temporal: 'referralHarvestCenterId',
  processing_lab: 'processingLabId',
  lab_id: 'labSampleId',
  number_times_qc_done: 'numberTimesQcDone',
  date_adipose_shipped_to_lab: 'dateAdiposeShippedToLab',
  date_adipose_received_by_lab: 'dateAdiposeReceivedByLab',
  estimated_date_vials_ready_to_ship: 'estimatedDateVialsReadyToShip',
  estimated_date_set_manually: 'estimatedDateSetManually',
  date_vials_ready_to_ship: 'dateVialsReadyToShip',
  stemcell_plating_initiated_date: 'stemcellPlatingInitiatedDate',
  stemcell_plating_successful: 'stemcellPlatingSuccessful',
  hla_typing_test: 'hlaTypingTest',
  vials_preparation: 'vialsPreparation',
  vials_ready_ship: 'vialsReadyShip',
} as const satisfies Record<TPatientField, keyof PatientAccountRow>;

import type { TSessionUser } from '@portal/shared/auth';
import { isAdminMembership, MEMBERSHIP } from '@portal/shared/memberships';
import {
  ALL_PATIENT_FIELDS,
  computeEstimatedVialsReadyDate,
  HC_NEW_PATIENT_FIELDS,
  NEW_PATIENT_VALUES,
  seesPatientIdentity,
  type TPatient,
  type TPatientCreate,
  type TPatientField,
  type TPatientUpdate,
  ZPatientUpdate,
} from '@portal/shared/patients';
import type { z } from 'zod';

/** The form holds every field; the schema is the API's own (part 1 §5 rules live there). */
export const ZPatientForm = ZPatientUpdate.required();
export type PatientFormValues = z.input<typeof ZPatientForm>;

/**
 * What "Add Patient" lets each creator fill (the server's create rule): admins everything; a harvest
 * center the patient's identity and e-mail, its referral center and the day tissue left (it is the
 * patient's HC).
 */
export function creatableFields(user: TSessionUser): ReadonlySet<TPatientField> {
  const membership = user.membership[0]?.id;
  return new Set(isAdminMembership(membership ?? 0) ? ALL_PATIENT_FIELDS : HC_NEW_PATIENT_FIELDS);
}

/** Part 1 §5: sales reps do not see the patient's name and e-mail in the form (the API hides them too). */
export function showsPatientIdentity(user: TSessionUser): boolean {
  return seesPatientIdentity(user.membership[0]?.id);
}

const BLANK: PatientFormValues = { ...NEW_PATIENT_VALUES };

const yesNo = (value: number | null) => (value === 1 || value === 2 ? value : null);

export function initialValues(patient: TPatient | null): PatientFormValues {
  if (!patient) return BLANK;
  return {
    email: patient.email,
    first_name: patient.first_name,
    last_name: patient.last_name,
    phone_number: patient.phone_number,
    harvest_center_temporal: patient.harvest_center_temporal,
    referral_harvest_center_temporal: patient.referral_harvest_center_temporal,
    processing_lab: patient.processing_lab,
    lab_id: patient.lab_id,
    number_times_qc_done: patient.number_times_qc_done,
    date_adipose_shipped_to_lab: patient.date_adipose_shipped_to_lab,
    date_adipose_received_by_lab: patient.date_adipose_received_by_lab,
    estimated_date_vials_ready_to_ship: patient.estimated_date_vials_ready_to_ship,
    estimated_date_set_manually: patient.estimated_date_set_manually,
    date_vials_ready_to_ship: patient.date_vials_ready_to_ship,
    stemcell_plating_initiated_date: patient.stemcell_plating_initiated_date,
    stemcell_plating_successful: yesNo(patient.stemcell_plating_successful),
    hla_typing_test: yesNo(patient.hla_typing_test),
    vials_preparation: patient.vials_preparation,
    vials_ready_ship: patient.vials_ready_ship,
  };
}

/** The date the form shows and saves: +70 days from receipt unless 'Set date manually' is ticked. */
export function estimatedDateOf(values: PatientFormValues): string | null {
  return computeEstimatedVialsReadyDate({
    receivedByLab: values.date_adipose_received_by_lab ?? null,
    setManually: values.estimated_date_set_manually === true,
    manualDate: values.estimated_date_vials_ready_to_ship ?? null,
  });
}

/**
 * The PATCH body: only fields the caller may change and did change. A field outside its rights is
 * never sent, and the server computes the estimated date itself unless it is set manually.
 */
export function updateBody(
  values: PatientFormValues,
  before: PatientFormValues,
  editable: ReadonlySet<TPatientField>,
): TPatientUpdate {
  const parsed = ZPatientForm.parse(values);
  const body: Record<string, unknown> = {};
  for (const field of editable) {
    if (field === 'estimated_date_vials_ready_to_ship') continue;
    if (parsed[field] !== before[field]) body[field] = parsed[field];
  }
  if (editable.has('estimated_date_vials_ready_to_ship') && parsed.estimated_date_set_manually) {
    body.estimated_date_vials_ready_to_ship = estimatedDateOf(values);
  }
  return body as TPatientUpdate;
}

/** The POST body: every field the creator may fill, without blanks. */
export function createBody(values: PatientFormValues, creatable: ReadonlySet<TPatientField>): TPatientCreate {
  const parsed = ZPatientForm.parse(values);
  const body: Record<string, unknown> = {
    first_name: parsed.first_name,
    last_name: parsed.last_name,
    email: parsed.email,
    subscription: MEMBERSHIP.patient,
  };
  for (const field of creatable) {
    if (field === 'estimated_date_vials_ready_to_ship' && !parsed.estimated_date_set_manually) continue;
    const value = parsed[field];
    if (value !== null && value !== '' && !(field in body)) body[field] = value;
  }
  return body as TPatientCreate;
}

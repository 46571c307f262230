import { z } from 'zod';
import { ZEmail } from './auth.ts';
import { addDays, ZIsoDate } from './dates.ts';
import { ZPhone } from './form-fields.ts';
import { ZLabTracking } from './lab-tracking.ts';
import { MEMBERSHIP } from './memberships.ts';
import { ZPageQuery, zPage } from './paging.ts';
import { PAGE_SIZE } from './ui-constants.ts';
import { zUrlId, zUrlInteger } from './url-integers.ts';

/**
 * Patients (membership 2) and their lab tracking (part 1 §3-§5). Served by
 * GET/PATCH /api/v1/patients/{id}/, POST /api/v1/patients/ and the patient lists of the labs,
 * harvest centers and sales teams.
 */

// ---------------------------------------------------------------------------------------------
// Rules shared by the patient form and the server.
// ---------------------------------------------------------------------------------------------

/** Estimated vials-ready date = date received by the lab + 70 days (part 1 §9). */
export const ESTIMATED_VIALS_READY_DAYS = 70;

/**
 * The estimated vials-ready date to store. With 'Set date manually' ticked the typed date is kept;
 * otherwise it follows the received date (+70 days), and is empty while nothing was received.
 */
export function computeEstimatedVialsReadyDate(input: {
  receivedByLab: string | null;
  setManually: boolean;
  manualDate: string | null;
}): string | null {
  if (input.setManually) return input.manualDate;
  return input.receivedByLab ? addDays(input.receivedByLab, ESTIMATED_VIALS_READY_DAYS) : null;
}

type CenterPick = { changed: boolean; id: number | null; salesRepId: number | null };

/**
 * The sales rep a patient inherits when its harvest center or referral harvest center is picked
 * (part 1 §4: "sets the patient's sales rep to that center's sales rep (or none)").
 * - nothing picked in this change: `undefined` (keep the patient's rep);
 * - an HC picked: the HC's rep (an HC picked together with an RHC wins: tissue is harvested there);
 * - only an RHC picked: the RHC's rep;
 * - a center cleared: the rep of the center that remains (HC first), else none.
 * The manager and distributor then follow the rep (the rep's own links).
 */
export function inheritedSalesRepId(hc: CenterPick, rhc: CenterPick): number | null | undefined {
  if (!hc.changed && !rhc.changed) return undefined;
  if (hc.changed && hc.id !== null) return hc.salesRepId;
  if (rhc.changed && rhc.id !== null) return rhc.salesRepId;
  if (hc.id !== null) return hc.salesRepId;
  if (rhc.id !== null) return rhc.salesRepId;
  return null;
}

/** Radio choices of the form: 1 Yes, 2 No. */
export const YES_NO = { yes: 1, no: 2 } as const;
export const YES_NO_LABELS: Record<number, string> = { 1: 'Yes', 2: 'No' };
const ZYesNo = z.union([z.literal(1), z.literal(2)]).nullable();

/** Where a patient stands in the tissue-to-vial chain, derived from its dates (lists and filters). */
export const LAB_STAGES = [
  'registered',
  'shipped_to_lab',
  'received_by_lab',
  'plating',
  'ready',
  'vials',
  'all_shipped',
] as const;
export type TLabStage = (typeof LAB_STAGES)[number];
export const LAB_STAGE_LABELS: Record<TLabStage, string> = {
  registered: 'Registered',
  shipped_to_lab: 'Tissue shipped to lab',
  received_by_lab: 'Received by lab',
  plating: 'Stem cell plating',
  ready: 'Vials ready to ship',
  vials: 'Vials in storage',
  all_shipped: 'All vials shipped',
};

export function patientLabStage(p: {
  date_adipose_shipped_to_lab: string | null;
  date_adipose_received_by_lab: string | null;
  stemcell_plating_initiated_date: string | null;
  date_vials_ready_to_ship: string | null;
  vials_available: number;
  vials_shipped: number;
}): TLabStage {
  // The vial totals decide first, so the badge never contradicts them: vials in storage while any
  // are available, all shipped once none are left but some went out.
  if (p.vials_available > 0) return 'vials';
  if (p.vials_shipped > 0) return 'all_shipped';
  if (p.date_vials_ready_to_ship) return 'ready';
  if (p.stemcell_plating_initiated_date) return 'plating';
  if (p.date_adipose_received_by_lab) return 'received_by_lab';
  if (p.date_adipose_shipped_to_lab) return 'shipped_to_lab';
  return 'registered';
}

// ---------------------------------------------------------------------------------------------
// Who may change which field (the server decides; GET returns editable_fields for the form).
// ---------------------------------------------------------------------------------------------

export const PATIENT_IDENTITY_FIELDS = ['first_name', 'last_name', 'email', 'phone_number'] as const;
export const PATIENT_CENTER_FIELDS = [
  'harvest_center_temporal',
  'referral_harvest_center_temporal',
  'processing_lab',
] as const;
export const PATIENT_LAB_FIELDS = [
  'lab_id',
  'number_times_qc_done',
  'date_adipose_shipped_to_lab',
  'date_adipose_received_by_lab',
  'estimated_date_vials_ready_to_ship',
  'estimated_date_set_manually',
  'date_vials_ready_to_ship',
  'stemcell_plating_initiated_date',
  'stemcell_plating_successful',
  'hla_typing_test',
  'vials_preparation',
  'vials_ready_ship',
] as const;
export type TPatientField =
  | (typeof PATIENT_IDENTITY_FIELDS)[number]
  | (typeof PATIENT_CENTER_FIELDS)[number]
  | (typeof PATIENT_LAB_FIELDS)[number];

export const PATIENT_FIELD_NOT_EDITABLE_MESSAGE = 'You may not change this field';

/** Every field of the patient form. */
export const ALL_PATIENT_FIELDS: readonly TPatientField[] = [
  ...PATIENT_IDENTITY_FIELDS,
  ...PATIENT_CENTER_FIELDS,
  ...PATIENT_LAB_FIELDS,
];

/**
 * What a harvest center fills in for its own patients: who they are, who referred them, when tissue
 * left. Not the e-mail: it is the patient's login (reset links go there), changed only by the
 * patient or an admin (credential-changes.ts).
 */
export const HC_PATIENT_FIELDS: readonly TPatientField[] = [
  'first_name',
  'last_name',
  'phone_number',
  'referral_harvest_center_temporal',
  'date_adipose_shipped_to_lab',
];

/** What a harvest center fills when it adds a patient: the above and the e-mail the invitation goes to. */
export const HC_NEW_PATIENT_FIELDS: readonly TPatientField[] = [...HC_PATIENT_FIELDS, 'email'];

/** What a new patient holds before anything is typed (form defaults; sending these changes nothing). */
export const NEW_PATIENT_VALUES = {
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
  harvest_center_temporal: null,
  referral_harvest_center_temporal: null,
  processing_lab: null,
  lab_id: '',
  number_times_qc_done: 0,
  date_adipose_shipped_to_lab: null,
  date_adipose_received_by_lab: null,
  estimated_date_vials_ready_to_ship: null,
  estimated_date_set_manually: false,
  date_vials_ready_to_ship: null,
  stemcell_plating_initiated_date: null,
  stemcell_plating_successful: null,
  hla_typing_test: null,
  vials_preparation: 0,
  vials_ready_ship: 0,
} as const satisfies Record<TPatientField, string | number | boolean | null>;

// ---------------------------------------------------------------------------------------------
// Responses.
// ---------------------------------------------------------------------------------------------

/** A harvest center or referral harvest center as the patient shows it (spec: hc_desc / rhc_desc). */
export const ZCenterDesc = z.object({
  id: z.number().int(),
  company: z.string(),
  email: z.string(),
  template_id: z.string(),
});
export type TCenterDesc = z.infer<typeof ZCenterDesc>;

export const ZPersonDesc = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type TPersonDesc = z.infer<typeof ZPersonDesc>;

/**
 * Part 1 §5: sales reps do not see the patient's name and e-mail. The API leaves them (and the
 * phone number) out for them, and their search matches the lab id only, so no list shows them.
 */
export function seesPatientIdentity(membershipId: number | undefined): boolean {
  return membershipId !== MEMBERSHIP.salesRep;
}

/** A patient in lists and in the form. */
export const ZPatient = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone_number: z.string(),
  /** Always 2 (General Member). */
  subscription: z.number().int(),
  is_active: z.boolean(),
  /** Signed in at least once: until then the patient's invitation may be sent again. */
  has_signed_in: z.boolean(),
  date_joined: z.string(),
  /** The patient's sample id at the lab ("lab id"). */
  lab_id: z.string(),
  processing_lab: z.number().int().nullable(),
  processing_lab_name: z.string().nullable(),
  harvest_center_temporal: z.number().int().nullable(),
  /** 0 or 1 item (the spec's list form). */
  hc_desc: z.array(ZCenterDesc),
  referral_harvest_center_temporal: z.number().int().nullable(),
  rhc_desc: z.array(ZCenterDesc),
  saless_rep_id: z.number().int().nullable(),
  sales_rep_desc: ZPersonDesc.nullable(),
  sales_manager_id: z.number().int().nullable(),
  sales_distributor_id: z.number().int().nullable(),
  ...ZLabTracking.shape,
  lab_stage: z.enum(LAB_STAGES),
});
export type TPatient = z.infer<typeof ZPatient>;

/** GET /api/v1/patients/{id}/: the patient plus what the caller may change. */
export const ZPatientDetail = ZPatient.extend({
  editable_fields: z.array(z.string()),
  /** Whether the caller may add or edit vial records of this patient. */
  can_edit_vials: z.boolean(),
});
export type TPatientDetail = z.infer<typeof ZPatientDetail>;

export const ZPatientPage = zPage(ZPatient);
export type TPatientPage = z.infer<typeof ZPatientPage>;

/** A patient in select-search pickers (checkout, label requests). */
export const ZPatientOption = z.object({
  id: z.number().int(),
  value: z.number().int(),
  label: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
});
export type TPatientOption = z.infer<typeof ZPatientOption>;

// ---------------------------------------------------------------------------------------------
// Requests.
// ---------------------------------------------------------------------------------------------

const name = (label: string) =>
  z.string().trim().min(1, `${label} is required`).max(150, 'At most 150 characters');
const ZOptionalDate = ZIsoDate.nullable();
const ZCount = z.number().int('Must be a whole number').min(0, 'Must be 0 or more').max(100_000, 'Too large');
const ZRef = z.number().int().positive().nullable();

const patientFieldShape = {
  first_name: name('First name'),
  last_name: name('Last name'),
  email: ZEmail,
  phone_number: ZPhone,
  harvest_center_temporal: ZRef,
  referral_harvest_center_temporal: ZRef,
  processing_lab: ZRef,
  lab_id: z.string().trim().max(100, 'At most 100 characters'),
  number_times_qc_done: ZCount,
  date_adipose_shipped_to_lab: ZOptionalDate,
  date_adipose_received_by_lab: ZOptionalDate,
  /** Kept only when estimated_date_set_manually is true; otherwise the server computes it. */
  estimated_date_vials_ready_to_ship: ZOptionalDate,
  estimated_date_set_manually: z.boolean(),
  date_vials_ready_to_ship: ZOptionalDate,
  stemcell_plating_initiated_date: ZOptionalDate,
  stemcell_plating_successful: ZYesNo,
  hla_typing_test: ZYesNo,
  vials_preparation: ZCount,
  vials_ready_ship: ZCount,
};

/**
 * PATCH /api/v1/patients/{id}/: any subset of the form. A field the caller may not change is
 * refused (403, errors[field]) unless it is sent with its current value, so a form may send back
 * everything it shows. Vial totals are not fields: they change through /api/v1/vials-history/.
 */
export const ZPatientUpdate = z.object(patientFieldShape).partial();
export type TPatientUpdate = z.infer<typeof ZPatientUpdate>;

/**
 * POST /api/v1/patients/ (admin or harvest center "Add Patient"). Subscription is always 2. An HC
 * adds patients to itself (harvest_center_temporal may be left out). The patient gets no password
 * to type: a password-reset mail lets them choose one.
 */
export const ZPatientCreate = z
  .object(patientFieldShape)
  .partial()
  .extend({
    first_name: patientFieldShape.first_name,
    last_name: patientFieldShape.last_name,
    email: patientFieldShape.email,
    subscription: z.literal(2).optional(),
  });
export type TPatientCreate = z.infer<typeof ZPatientCreate>;

export const PATIENT_CREATED_MESSAGE =
  'Patient has been created! We sent them an e-mail to set their password.';
/** Answer of POST /api/v1/patients/ (201). */
export const ZPatientCreateResponse = z.object({ message: z.string(), data: ZPatientDetail });

/**
 * Patient list query: paging, a search over name, e-mail, company and phone, and filters (lab_id is
 * the sample id at the lab, matched exactly without regard to case).
 * Default page size 10 (part 1 §9).
 */
export const ZPatientListQuery = ZPageQuery.extend({
  limit: zUrlInteger(1, 500).default(PAGE_SIZE.patients),
  search: z.string().trim().max(100).optional(),
  lab_id: z.string().trim().max(100).optional(),
  harvest_center_id: zUrlId().optional(),
  referral_harvest_center_id: zUrlId().optional(),
  processing_lab_id: zUrlId().optional(),
  sales_rep_id: zUrlId().optional(),
  lab_stage: z.enum(LAB_STAGES).optional(),
});
export type TPatientListQuery = z.infer<typeof ZPatientListQuery>;

/** Option lists (pickers): a search and a cap, no paging. */
export const ZPatientOptionsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  limit: zUrlInteger(1, 1000).default(1000),
});

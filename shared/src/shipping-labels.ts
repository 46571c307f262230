import { z } from 'zod';
import { ZEmail } from './auth.ts';
import { ZIsoDate } from './dates.ts';
import { zRequiredText, zText } from './form-fields.ts';
import { ZPageQuery, zPage } from './paging.ts';
import { zPatchOf } from './patch-body.ts';
import { PAGE_SIZE } from './ui-constants.ts';
import { zUrlInteger } from './url-integers.ts';

/**
 * Shipping-label requests (part 2 §2-§5, §7 Shipping labels, §8, §9). A harvest center or RHC asks
 * for a courier label for a processing-fee transaction's patients; an admin adds the tracking number,
 * link and label PDF and mails the label to the center.
 */

export const SHIPPING_LABEL_TEXTS = {
  selectPatients: 'Please select a patient(s)',
  actionPending: 'There is an action pending',
  requested: 'Fedex Label has been requested!',
  labelAdded: 'Fedex Label/Tracking Number have been added!',
  labelAddedAndSent: 'Fedex Label/Tracking Number have been added and Email Notification Sent!',
  notificationSent: 'Email Notification Sent!',
  notificationFailed: 'Notification fails!',
  sendConfirm: 'Are you sure you want to sent this Fedex Label file email notification?',
  sending: 'Sending notification...',
  requestedBadge: 'Requested',
  pending: 'Pending',
  alreadyRequested: 'A label has already been requested for this transaction.',
  noLabelFile: 'Add the label file before sending the notification.',
  otherNameRequired: 'Type the name of the other patient',
  otherAlone: "'Other' cannot be chosen with other patients",
  notProcessingFee: 'Labels are requested for processing-fee transactions only.',
  notOwnTransaction: 'This transaction is not one of this center.',
  notOwnPatient: 'This patient is not one of this center.',
  notYourCenter: 'You can request labels only for your own center.',
  labelCreated: 'The label was created by the carrier.',
  noCarrier: 'No carrier is configured: add the label by hand.',
  hasLabel: 'This request already has a label.',
} as const;

/** The request form opens this long after a patient is chosen (part 2 §9). */
export const LABEL_FORM_DELAY_MS = 1500;
/** The 'Other' choice of the patient picker (part 2 §5). */
export const OTHER_PATIENT_ID = 0;
/** Most patients under one label: a box of samples, not a mailing list. */
export const MAX_LABEL_PATIENTS = 50;

const zOptionalEmail = z.union([z.literal(''), ZEmail]).default('');

/**
 * patients_ids as the spec sends it: a comma list of patient ids, where 0 is 'Other' (alone, and
 * then other_patient_name is required).
 */
const ZPatientIdList = z
  .string()
  .trim()
  .regex(/^(\d{1,10}(\s*,\s*\d{1,10})*)?$/, 'A comma list of patient ids')
  .transform((text) => (text === '' ? [] : [...new Set(text.split(',').map((id) => Number(id.trim())))]))
  .refine((ids) => ids.length <= MAX_LABEL_PATIENTS, `At most ${MAX_LABEL_PATIENTS} patients`)
  .refine((ids) => ids.every((id) => id <= 2_147_483_647), 'Not a patient id');

const ZLabelRequestFields = z.object({
  harvest_center: z.number().int().positive(),
  /** Beyond the spec's payload: the processing-fee transaction the label is for (the row's Request). */
  transaction_id: z.number().int().positive().nullable().default(null),
  harvest_center_name: zText(150).default(''),
  harvest_center_email: ZEmail,
  harvest_center_representative: zRequiredText('Representative name'),
  doctor_name: zText(150).default(''),
  doctor_email: zOptionalEmail,
  doctor_phone: zText(30).default(''),
  patients_ids: ZPatientIdList,
  other_patient_name: zText(150).default(''),
  label_date: ZIsoDate.nullable().default(null),
  address1: zRequiredText('Address line 1'),
  address2: zText(150).default(''),
  city: zRequiredText('City', 100),
  state_desc: zRequiredText('State', 100),
  country_desc: zRequiredText('Country', 100),
  zip_code: zRequiredText('Postal code', 20),
});

/** POST /api/v1/fedex-requests/ (part 2 §3 shipping-label request create payload). */
export const ZLabelRequestBody = ZLabelRequestFields.superRefine((body, ctx) => {
  if (body.patients_ids.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['patients_ids'], message: SHIPPING_LABEL_TEXTS.selectPatients });
  }
  const other = body.patients_ids.includes(OTHER_PATIENT_ID);
  if (other && body.patients_ids.length > 1) {
    ctx.addIssue({ code: 'custom', path: ['patients_ids'], message: SHIPPING_LABEL_TEXTS.otherAlone });
  }
  if (other && body.other_patient_name === '') {
    ctx.addIssue({
      code: 'custom',
      path: ['other_patient_name'],
      message: SHIPPING_LABEL_TEXTS.otherNameRequired,
    });
  }
});
export type TLabelRequestBody = z.input<typeof ZLabelRequestBody>;
export type TLabelRequestInput = z.output<typeof ZLabelRequestBody>;

/** The request form's own fields: the center, the transaction and the patients are chosen apart. */
export const ZLabelRequestForm = ZLabelRequestFields.omit({
  harvest_center: true,
  transaction_id: true,
  patients_ids: true,
});
export type TLabelRequestForm = z.input<typeof ZLabelRequestForm>;

/** A stored request (part 2 §3), as the admin list and the center's rows read it. */
export const ZLabelRequest = z.object({
  id: z.number().int(),
  harvest_center: z.number().int(),
  transaction_id: z.number().int().nullable(),
  hc_desc: z.array(z.object({ id: z.number().int(), company: z.string(), email: z.string() })),
  harvest_center_name: z.string(),
  harvest_center_email: z.string(),
  harvest_center_representative: z.string(),
  doctor_name: z.string(),
  doctor_email: z.string(),
  doctor_phone: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state_desc: z.string(),
  zip_code: z.string(),
  country_desc: z.string(),
  patients_ids: z.string(),
  patients: z.array(z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() })),
  other_patient_name: z.string(),
  label_date: z.string(),
  tracking_link: z.string(),
  tracking_number: z.string(),
  /** A signed link to the label PDF (opens in a new tab without the session), or null before one exists. */
  pdf_file: z.string().nullable(),
  notification_sent: z.boolean(),
  created_at: z.string(),
});
export type TLabelRequest = z.infer<typeof ZLabelRequest>;

export const ZLabelRequestCreated = z.object({
  success: z.literal(true),
  message: z.string(),
  data: ZLabelRequest,
});
export type TLabelRequestCreated = z.infer<typeof ZLabelRequestCreated>;

/** GET /api/admin/fedex-requests/: the filter box searches centers, contacts, patients and tracking numbers. */
export const ZLabelRequestQuery = ZPageQuery.extend({
  limit: zUrlInteger(1, 500).default(PAGE_SIZE.default),
  search: z.string().trim().max(100).optional(),
});
export type TLabelRequestQuery = z.infer<typeof ZLabelRequestQuery>;
export const ZLabelRequestPage = zPage(ZLabelRequest);
export type TLabelRequestPage = z.infer<typeof ZLabelRequestPage>;

const ZTrackingLink = z
  .string()
  .trim()
  .min(1, 'Tracking link is required')
  .max(500, 'At most 500 characters')
  .refine((value) => /^https?:\/\/\S+$/i.test(value), 'Enter a link starting with https://');

/**
 * The label edit form and POST update-sent-notification/{id}/ (part 2 §5: tracking link and number
 * required). pdf_file is the key process-file/ answered for a new label; left out, the label
 * stays as it is.
 */
export const ZLabelUpdateBody = z.object({
  tracking_number: zRequiredText('Tracking number', 60),
  tracking_link: ZTrackingLink,
  pdf_file: z.string().trim().max(300).nullable().optional(),
});
export type TLabelUpdateBody = z.infer<typeof ZLabelUpdateBody>;
/**
 * PATCH /api/v1/fedex-requests/{id}/: the fields it names change. The request must still end up
 * with a tracking number and link (the server checks the merged request, with the same messages).
 */
export const ZLabelPatchBody = zPatchOf(ZLabelUpdateBody);
export type TLabelPatchBody = z.infer<typeof ZLabelPatchBody>;
export const TRACKING_REQUIRED_MESSAGES = {
  tracking_number: 'Tracking number is required',
  tracking_link: 'Tracking link is required',
} as const;

export const ZLabelUpdateResponse = z.object({
  id: z.number().int(),
  message: z.string(),
  data: ZLabelRequest,
  /** update-sent-notification/ answers code 'Success' (part 2 §7). */
  code: z.literal('Success').optional(),
});
export type TLabelUpdateResponse = z.infer<typeof ZLabelUpdateResponse>;

/** POST /api/v1/fedex-requests/send-notification/. */
export const ZSendLabelNotificationBody = z.object({ fedex_id: z.number().int().positive() });
export const ZLabelNotificationResponse = z.object({
  code: z.literal('Success'),
  message: z.string(),
  data: ZLabelRequest,
});
export type TLabelNotificationResponse = z.infer<typeof ZLabelNotificationResponse>;

/** POST /api/v1/fedex-requests/process-file/: the staged label's key, for pdf_file. */
export const ZLabelFileResponse = z.object({ filename: z.string() });

/** GET /api/v1/fedex-requests/carrier/: whether labels can be made by the carrier in one click. */
export const ZCarrierStatus = z.object({ enabled: z.boolean(), name: z.string() });
export type TCarrierStatus = z.infer<typeof ZCarrierStatus>;

/** A patient's document holds up a label while Pending (part 2 §4). */
export function hasPendingDocument(documents: readonly { status: string }[]): boolean {
  return documents.some((document) => document.status === 'Pending');
}

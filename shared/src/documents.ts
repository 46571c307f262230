import { z } from 'zod';
import { ZEmail } from './auth.ts';
import { ZPageQuery, zPage } from './paging.ts';
import { zUrlInteger } from './url-integers.ts';

/**
 * Agreements and their e-signature (part 1 §2-§4, §7 Documents, §8; part 2 §2). Every patient signs
 * three agreements and every harvest center an attestation. The built-in signing service makes a
 * Pending document with a single-use signing link; signing makes the final PDF (signature, audit
 * certificate, PKCS#7 seal) and the status becomes Completed.
 */

export const DOCUMENT_KINDS = ['attestation', 'processing', 'storage'] as const;
export const ZDocumentKind = z.enum(DOCUMENT_KINDS);
export type TDocumentKind = z.infer<typeof ZDocumentKind>;

/** The names of part 1 §3 (stored and sent), and how screens show them. */
export const DOCUMENT_NAMES: Record<TDocumentKind, string> = {
  attestation: 'L2 Bio Screening Questionnaire and Attestation',
  processing: 'L2bio Official Processing',
  storage: 'L2bio Official Storage Agreement',
};
export const DOCUMENT_LABELS: Record<TDocumentKind, string> = {
  attestation: 'Attestation Agreement',
  processing: 'Processing Agreement',
  storage: 'Storage Agreement',
};

/** Pending -> Completed after e-signing (part 1 §4); Voided when the HC or an admin cancels a request. */
/** How a stored agreement name reads on screen (part 2 §3: the label screens' names), else the name itself. */
export function documentLabelOfName(name: string): string {
  const kind = DOCUMENT_KINDS.find((k) => DOCUMENT_NAMES[k] === name);
  return kind ? DOCUMENT_LABELS[kind] : name;
}

export const DOCUMENT_STATUSES = ['Pending', 'Completed', 'Voided'] as const;
export const ZDocumentStatus = z.enum(DOCUMENT_STATUSES);
export type TDocumentStatus = z.infer<typeof ZDocumentStatus>;

/** Reminders of an unsigned request, in days after it was first sent. */
export const SIGNING_REMINDER_DAYS = [3, 7] as const;
/** How long a mailed signing link works; an embedded one (dialog, sign-up) works for an hour. */
export const MAILED_SIGNING_LINK_DAYS = 14;
export const EMBEDDED_SIGNING_LINK_MINUTES = 60;
/** Largest upload (PDF agreements signed on paper, templates). */
export const UPLOAD_MAX_MEGABYTES = 10;

/** Texts of the screens (part 1 §2, §8; part 2 §2). */
export const DOCUMENT_TEXTS = {
  missingDocumentId: 'There was a problem processing this document.',
  sent: 'Documents has been Sent!',
  uploaded: 'Documents has been Uploaded!',
  noDocument: 'No Document',
  seeDocument: 'see document',
  signatureCompleted: 'Signature Completed',
  closeWindow: 'Thank you. you can close the window now',
  closePopUp: 'You can close this pop-up now.',
  hcWait: 'please wait while we complete the process...',
  submitRegistration: 'Please submit registration process.',
  signAttestation: 'Sign Attestation Document',
  consent: 'I agree to use electronic records and signatures, and to sign this document electronically.',
  /** The admin's Sign Document for a patient with no Pending document. */
  nothingToSign: 'No document is waiting for a signature.',
} as const;

/** The completed pages (part 1 §2): where a signer lands after signing. */
export const SIGNED_COMPLETED_PATHS = {
  /** Signed inside the portal's dialog. */
  portal: '/patient-signed-completed-message',
  /** Signed from the link of a mail. */
  email: '/patient-signed-completed-message-from-email',
  /** A harvest center's attestation during sign-up (query documentId and signedBy). */
  harvestCenter: '/hc-signed-completed-message',
  /** Any other signer. */
  generic: '/signed-completed-message',
} as const;

// ---------------------------------------------------------------------------------------------
// The document row of every list (part 1 §3 Document).
// ---------------------------------------------------------------------------------------------

export const ZDocument = z.object({
  id: z.number().int(),
  /** The public id: in signing links, media/{document_id}.pdf and the sealed PDF. */
  document_id: z.string(),
  kind: ZDocumentKind,
  name: z.string(),
  status: ZDocumentStatus,
  /** The patient an agreement is for; null for a harvest center's own attestation. */
  patient_desc: z
    .object({ id: z.number().int(), first_name: z.string(), last_name: z.string(), email: z.string() })
    .nullable(),
  patient_name: z.string(),
  patient_email: z.string(),
  hc_desc: z.object({ id: z.number().int(), company: z.string() }).nullable(),
  /** 'signed' through the portal's signing service; 'uploaded' when the HC uploaded a paper copy. */
  source: z.enum(['signed', 'uploaded']),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  completed_at: z.string().nullable(),
  /**
   * For a Completed document: a short-lived signed link to media/{document_id}.pdf that works in a
   * new tab without the session header. Null otherwise.
   */
  file_url: z.string().nullable(),
});
export type TDocument = z.infer<typeof ZDocument>;
export const ZDocumentPage = zPage(ZDocument);
export type TDocumentPage = z.infer<typeof ZDocumentPage>;

/** GET /api/v1/documents/list/{patient id}/: the newest document of each kind (not Voided). */
export const ZPatientDocumentsResponse = z.object({
  success: z.boolean(),
  attestation: ZDocument.nullable(),
  processing: ZDocument.nullable(),
  storage: ZDocument.nullable(),
});
export type TPatientDocumentsResponse = z.infer<typeof ZPatientDocumentsResponse>;

/**
 * GET /api/admin/documents/ and GET /api/v1/harvest-centers/{id}/documentList/: paged, filtered in
 * SQL. `owner` splits the admin lists (/documents/patients, /documents/harvest-centers).
 */
export const ZDocumentListQuery = ZPageQuery.extend({
  search: z.string().trim().max(200).optional(),
  status: ZDocumentStatus.optional(),
  kind: ZDocumentKind.optional(),
  owner: z.enum(['patients', 'harvest-centers']).optional(),
});
export type TDocumentListQuery = z.infer<typeof ZDocumentListQuery>;

// ---------------------------------------------------------------------------------------------
// Requests of the harvest center (part 1 §3 Signature request, Upload payload, Sign link request).
// ---------------------------------------------------------------------------------------------

/** POST /api/v1/documents/send/: sends the three agreements to a patient by mail. */
export const ZSendDocumentsBody = z.object({
  harvest_center_id: z.number().int().positive(),
  template_id: z.string().max(100).optional().nullable(),
  nameHC: z.string().max(200).optional(),
  emailHC: z.string().max(254).optional(),
  name: z.string().trim().min(1, 'Patient name is required').max(200),
  email: ZEmail,
  /** The patient account, when the HC picked one; otherwise found by e-mail among the HC's patients. */
  patient_id: z.number().int().positive().optional().nullable(),
});
export type TSendDocumentsBody = z.infer<typeof ZSendDocumentsBody>;
export const ZSendDocumentsResponse = z.object({
  code: z.literal('success'),
  message: z.string(),
  documents: z.array(ZDocument),
});
export type TSendDocumentsResponse = z.infer<typeof ZSendDocumentsResponse>;

/** POST /api/v1/documents/process-file/ (multipart: file, filename): a staged PDF, by its key. */
export const ZProcessFileResponse = z.object({ filename: z.string() });
export type TProcessFileResponse = z.infer<typeof ZProcessFileResponse>;

/** POST /api/v1/documents/upload/: paper-signed agreements, as staged file names from process-file. */
export const ZUploadDocumentsBody = z
  .object({
    name: z.string().trim().min(1, 'Patient name is required').max(200),
    harvest_center_id: z.number().int().positive(),
    email: ZEmail,
    patient_id: z.number().int().positive().optional().nullable(),
    attestation: z.string().max(200).optional().nullable(),
    processing: z.string().max(200).optional().nullable(),
    storage: z.string().max(200).optional().nullable(),
  })
  .refine((b) => Boolean(b.attestation || b.processing || b.storage), {
    message: 'Choose at least one document to upload',
    path: ['attestation'],
  });
export type TUploadDocumentsBody = z.infer<typeof ZUploadDocumentsBody>;
export const ZUploadDocumentsResponse = ZSendDocumentsResponse;

/**
 * POST /api/v1/documents/sign-link-patient/: an embedded signing link for a Pending document, for
 * its patient (or the patient's HC signing in person). The names and e-mails of the spec's payload
 * are accepted, but the server takes them from the document.
 */
export const ZSignLinkBody = z.object({
  docId: z.union([z.number().int().positive(), z.string().min(1).max(64)]),
  patientId: z.number().int().positive().optional().nullable(),
  docType: z.string().max(100).optional().nullable(),
  email: z.string().max(254).optional().nullable(),
  patientName: z.string().max(200).optional().nullable(),
  hcId: z.number().int().positive().optional().nullable(),
  hcName: z.string().max(200).optional().nullable(),
  hcEmail: z.string().max(254).optional().nullable(),
  attestationTemplateId: z.string().max(100).optional().nullable(),
});
export type TSignLinkBody = z.infer<typeof ZSignLinkBody>;
/** Also the answer of POST /api/v1/documents/harvest-center/attestation/ and POST /auth/boldsign/. */
export const ZSignLinkResponse = z.object({
  success: z.boolean(),
  /** The portal's own signing page: /sign-your-document?documentId=…&token=… (absolute URL). */
  signLink: z.string(),
  documentId: z.string(),
  message: z.string(),
});
export type TSignLinkResponse = z.infer<typeof ZSignLinkResponse>;

/** POST /api/v1/documents/patient-signed-document/: the dialog closed; the server says where it stands. */
export const ZPatientSignedBody = z.object({ documentId: z.string().min(1).max(64) });
export const ZPatientSignedResponse = z.object({ success: z.boolean(), status: ZDocumentStatus });

/** POST /api/v1/documents/harvest-center/attestation/: an HC's own attestation (admin: for one HC). */
export const ZHarvestCenterAttestationBody = z.object({
  harvest_center_id: z.number().int().positive().optional(),
});
/** GET /api/v1/documents/harvest-center/{id}/attestation/ */
export const ZHarvestCenterAttestationResponse = z.object({
  success: z.boolean(),
  /** Signed link to the completed attestation PDF, or null. */
  file: z.string().nullable(),
  document: ZDocument.nullable(),
});

/** PATCH /api/v1/documents/{id}/: void a Pending request (its link stops working), or rename. */
export const ZDocumentPatchBody = z
  .object({ status: z.literal('Voided').optional(), name: z.string().trim().min(1).max(200).optional() })
  .refine((b) => b.status !== undefined || b.name !== undefined, { message: 'Nothing to change' });

/** GET /api/v1/utilities/update-document-status/: refreshes statuses from the signing provider. */
export const ZUpdateDocumentStatusQuery = z.object({ documentId: z.string().max(64).optional() });
export const ZUpdateDocumentStatusResponse = z.object({
  success: z.boolean(),
  /** How many documents changed status in this refresh. */
  updated: z.number().int(),
});

/** POST /api/v1/utilities/send-patient-sign-email/: mails a fresh link for a Pending document. */
export const ZSendPatientSignEmailBody = z.object({
  user_email: ZEmail,
  user_name: z.string().trim().min(1).max(200),
  doc_id: z.union([z.number().int().positive(), z.string().min(1).max(64)]),
});

/** POST /auth/boldsign/: an embedded signing request (HC sign-up step 2, admin "Sign Document"). */
export const ZEmbeddedSigningBody = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: ZEmail,
  userId: z.number().int().positive().optional().nullable(),
  docId: z.string().max(64).optional().nullable(),
});
/** GET /auth/boldsign/?documentId=&name=: a signed attestation becomes the HC's template. */
export const ZTemplateFromDocumentQuery = z.object({
  documentId: z.string().min(1).max(64),
  name: z.string().max(200).optional(),
});
export const ZTemplateFromDocumentResponse = z.object({ templateId: z.string(), docId: z.string() });

// ---------------------------------------------------------------------------------------------
// The signing page (public, the link's token is the credential; kept out of paths and logs).
// ---------------------------------------------------------------------------------------------

export const ZSigningLinkBody = z.object({
  document_id: z.string().min(1).max(64),
  token: z.string().min(20).max(200),
});
/** POST /api/v1/signing/session/: opens the link (records 'viewed') and says what is to be signed. */
export const ZSigningSession = z.object({
  document_id: z.string(),
  kind: ZDocumentKind,
  name: z.string(),
  signer_name: z.string(),
  signer_email: z.string(),
  harvest_center: z.string(),
  /** Short-lived signed link to the document to read (the original, before signing). */
  pdf_url: z.string(),
  /** Where to go after signing ('portal' dialog, 'email' link or 'harvest-center' sign-up). */
  channel: z.enum(['portal', 'email', 'harvest-center']),
});
export type TSigningSession = z.infer<typeof ZSigningSession>;

export const ZSignature = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typed'), text: z.string().trim().min(2, 'Type your full name').max(100) }),
  z.object({
    type: z.literal('drawn'),
    /** PNG data URL from the signature pad. */
    image: z
      .string()
      .max(400_000, 'The drawn signature is too large')
      .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, 'The drawn signature must be a PNG image'),
  }),
]);
export type TSignature = z.infer<typeof ZSignature>;

/** POST /api/v1/signing/sign/ */
export const ZSignBody = ZSigningLinkBody.extend({
  consent: z.literal(true, { message: 'Please agree to sign electronically' }),
  signature: ZSignature,
});
export type TSignBody = z.infer<typeof ZSignBody>;
export const ZSignResponse = z.object({
  success: z.boolean(),
  status: ZDocumentStatus,
  document_id: z.string(),
  /** The completed page to show (with its query), per the link's channel. */
  redirect: z.string(),
});
export type TSignResponse = z.infer<typeof ZSignResponse>;

/** Messages of refused links: clear, and the same whatever the reason a stranger could probe. */
export const SIGNING_LINK_MESSAGES = {
  invalid: 'This signing link is not valid. Ask for a new one.',
  expired: 'This signing link has expired. Ask for a new one.',
  used: 'This document has already been signed.',
  voided: 'This signing request was cancelled.',
} as const;

// ---------------------------------------------------------------------------------------------
// Verification (/verify-document, public).
// ---------------------------------------------------------------------------------------------

export const ZDocumentEvent = z.object({
  event: z.enum(['created', 'sent', 'reminded', 'viewed', 'consented', 'signed', 'completed', 'voided']),
  at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** Who did it (signer name, HC company, 'Portal'). */
  by: z.string(),
});
export type TDocumentEvent = z.infer<typeof ZDocumentEvent>;

/** POST /api/v1/documents/verify/ (multipart: file). */
export const ZVerifyResponse = z.object({
  valid: z.boolean(),
  message: z.string(),
  document: z
    .object({
      document_id: z.string(),
      name: z.string(),
      signer_name: z.string(),
      signer_email: z.string(),
      completed_at: z.string().nullable(),
      original_sha256: z.string(),
    })
    .nullable(),
  events: z.array(ZDocumentEvent),
});
export type TVerifyResponse = z.infer<typeof ZVerifyResponse>;
export const VERIFY_MESSAGES = {
  valid: 'This document is an unaltered, completed document of this portal.',
  altered: 'This file is not an unaltered completed document of this portal.',
} as const;

/** Query of GET /media/{document_id}.pdf when opened through a signed link (no session header). */
/** A signed file link's query (media routes): its expiry and MAC (storage/signed-urls.ts). */
export const ZSignedFileQuery = z.object({
  expires: zUrlInteger(0, Number.MAX_SAFE_INTEGER).optional(),
  signature: z.string().max(200).optional(),
});
export const ZSignedMediaQuery = ZSignedFileQuery.extend({
  /** 'original' (what is being signed, for its signer) or the final file (default). */
  version: z.enum(['final', 'original']).optional(),
});

// ---------------------------------------------------------------------------------------------
// Templates (admin): what new requests are made from.
// ---------------------------------------------------------------------------------------------

/** GET /api/admin/document-templates/ (a list) and POST (multipart: kind, file, name?, provider_template_id?). */
export const ZDocumentTemplate = z.object({
  id: z.string(),
  kind: ZDocumentKind,
  name: z.string(),
  /** The center whose own attestation this is (users.template_id); null for the admin's templates. */
  owner: z.object({ id: z.number().int(), company: z.string(), email: z.string() }).nullable(),
  /** Its PDF replaces the built-in text; false for a BoldSign-only template. */
  has_file: z.boolean(),
  /** The completed attestation it was made from (public id), if any. */
  source_document_id: z.string().nullable(),
  /** The template's id at BoldSign (ESIGN_PROVIDER=boldsign). */
  provider_template_id: z.string().nullable(),
  /** New requests of its kind are made from it (the newest admin template of the kind). */
  in_use: z.boolean(),
  created_at: z.string(),
});
export type TDocumentTemplate = z.infer<typeof ZDocumentTemplate>;
export const ZDocumentTemplateFields = z.object({
  kind: ZDocumentKind,
  name: z.string().trim().max(200).optional(),
  provider_template_id: z.string().trim().max(100).optional(),
});

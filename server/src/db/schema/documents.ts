import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * Agreements and their e-signature (docs/decisions/018-documents-and-e-signature.md). A document is
 * one agreement of one signer: a patient's attestation, processing or storage agreement, or a
 * harvest center's own attestation. Its files live in the file storage (original_key, final_key);
 * the rows keep who, what and when. Accounts may be deleted: a signed record stays (SET NULL), with
 * the signer's name and e-mail as they signed.
 */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    /** The public id: random and unguessable, in links, media/{document_id}.pdf and the sealed PDF. */
    documentId: text('document_id').notNull().unique(),
    kind: text('kind', { enum: ['attestation', 'processing', 'storage'] }).notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: ['Pending', 'Completed', 'Voided'] })
      .notNull()
      .default('Pending'),
    /** 'signed' through the signing service; 'uploaded' when a center uploaded a paper-signed copy. */
    source: text('source', { enum: ['signed', 'uploaded'] }).notNull(),
    /** Whose agreement: a patient's, or a harvest center's own attestation. */
    party: text('party', { enum: ['patient', 'harvest-center'] }).notNull(),
    patientId: integer('patient_id').references(() => users.id, { onDelete: 'set null' }),
    /** The HC the patient's request came from, or the HC-type account signing its own attestation. */
    harvestCenterId: integer('harvest_center_id').references(() => users.id, { onDelete: 'set null' }),
    signerUserId: integer('signer_user_id').references(() => users.id, { onDelete: 'set null' }),
    signerName: text('signer_name').notNull(),
    signerEmail: text('signer_email').notNull(),
    /** The document_templates row the original was made from; null for the built-in text. */
    templateId: text('template_id'),
    /** The PDF that was signed; null while an outside provider (BoldSign) holds it. */
    originalKey: text('original_key'),
    originalSha256: text('original_sha256'),
    finalKey: text('final_key'),
    finalSha256: text('final_sha256'),
    /** How the signer reaches the signing page: a mailed link, the portal's dialog, or the HC sign-up. */
    channel: text('channel', { enum: ['email', 'portal', 'harvest-center'] }).notNull(),
    /** Who runs the signing: the built-in service or BoldSign (then provider_document_id is theirs). */
    provider: text('provider', { enum: ['builtin', 'boldsign'] })
      .notNull()
      .default('builtin'),
    providerDocumentId: text('provider_document_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    remindersSent: integer('reminders_sent').notNull().default(0),
    /** When the reminder job mails a fresh link next; null when no reminder is due any more. */
    nextReminderAt: timestamp('next_reminder_at', { withTimezone: true }),
    /** Lower-cased haystack of the admin search (trigram-indexed, like users.search_text). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(coalesce(signer_name, '') || ' ' || coalesce(signer_email, '') || ' ' || coalesce(document_id, ''))`,
    ),
  },
  (t) => [
    // The center's list and the admin lists, newest first.
    index('documents_hc_status_created_idx').on(t.harvestCenterId, t.status, t.createdAt),
    index('documents_patient_idx').on(t.patientId, t.kind, t.createdAt),
    index('documents_status_created_idx').on(t.status, t.createdAt),
    index('documents_party_created_idx').on(t.party, t.createdAt),
    index('documents_signer_user_idx').on(t.signerUserId),
    index('documents_reminder_due_idx')
      .on(t.nextReminderAt)
      .where(sql`${t.status} = 'Pending' AND ${t.nextReminderAt} IS NOT NULL`),
    index('documents_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    check('documents_kind_check', sql`${t.kind} IN ('attestation', 'processing', 'storage')`),
    check('documents_status_check', sql`${t.status} IN ('Pending', 'Completed', 'Voided')`),
    check('documents_source_check', sql`${t.source} IN ('signed', 'uploaded')`),
    check('documents_party_check', sql`${t.party} IN ('patient', 'harvest-center')`),
    check('documents_channel_check', sql`${t.channel} IN ('email', 'portal', 'harvest-center')`),
    check('documents_provider_check', sql`${t.provider} IN ('builtin', 'boldsign')`),
    check(
      'documents_completed_check',
      sql`${t.status} <> 'Completed' OR (${t.finalKey} IS NOT NULL AND ${t.completedAt} IS NOT NULL)`,
    ),
    check('documents_reminders_check', sql`${t.remindersSent} >= 0`),
  ],
);

/** The audit trail of a document: printed on its certificate page and shown by the verification. */
export const documentEvents = pgTable(
  'document_events',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    event: text('event', {
      enum: ['created', 'sent', 'reminded', 'viewed', 'consented', 'signed', 'completed', 'voided'],
    }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    /** Who did it: the signer's name, the center's company, or 'Portal'. */
    by: text('by').notNull(),
  },
  (t) => [index('document_events_document_idx').on(t.documentId, t.at, t.id)],
);

/**
 * Signing links, stored as SHA-256 hashes of their token (like password links): single use,
 * expiring, and a newer link of a document revokes the older ones.
 */
export const signingLinks = pgTable(
  'signing_links',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    channel: text('channel', { enum: ['email', 'portal', 'harvest-center'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** First opened (the 'viewed' event is recorded once per link). */
    viewedAt: timestamp('viewed_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    index('signing_links_document_idx').on(t.documentId),
    check('signing_links_channel_check', sql`${t.channel} IN ('email', 'portal', 'harvest-center')`),
  ],
);

/**
 * What a new request's original is made from. The newest row of a kind with no owner and no source
 * document is the admin's replacement of the built-in text; a row with an owner is a center's own
 * attestation (users.template_id points at it); a row made from a completed attestation names it
 * (source_document_id) and has no owner until the center's account exists (HC sign-up).
 */
export const documentTemplates = pgTable(
  'document_templates',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['attestation', 'processing', 'storage'] }).notNull(),
    ownerUserId: integer('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The PDF that replaces the built-in text; null keeps the built-in text. */
    fileKey: text('file_key'),
    sourceDocumentId: integer('source_document_id').references(() => documents.id, {
      onDelete: 'set null',
    }),
    /** The template's id at BoldSign, when ESIGN_PROVIDER=boldsign sends from it. */
    providerTemplateId: text('provider_template_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('document_templates_kind_idx').on(t.kind, t.createdAt),
    index('document_templates_owner_idx').on(t.ownerUserId),
    uniqueIndex('document_templates_source_key').on(t.sourceDocumentId),
    check('document_templates_kind_check', sql`${t.kind} IN ('attestation', 'processing', 'storage')`),
  ],
);

/**
 * The portal's generated seal certificate, one row, so that every app process seals (and signs
 * media URLs) with the same key. A configured SIGNING_CERT_P12_BASE64 takes precedence.
 */
export const signingCertificates = pgTable(
  'signing_certificates',
  {
    id: integer('id').primaryKey().default(1),
    p12Base64: text('p12_base64').notNull(),
    passphrase: text('passphrase').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('signing_certificates_single_row', sql`${t.id} = 1`)],
);

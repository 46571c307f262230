import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * The audit trail: append-only and hash-chained (docs/decisions/024-audit-trail.md). A trigger gives
 * each row the next `chain_seq`, the previous row's hash and its own hash; another refuses every
 * UPDATE, DELETE and TRUNCATE but the retention purge's. `npm run audit:verify` walks the chain.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    action: text('action').notNull(),
    /** The person who did it (the admin behind Login As, the staff member behind staff access). */
    actorUserId: integer('actor_user_id'),
    /** The account the person acted as, when it was not their own. */
    actingAsUserId: integer('acting_as_user_id'),
    targetUserId: integer('target_user_id'),
    /** The patient whose record this is about ("who saw my record"). */
    patientId: integer('patient_id'),
    /** What was read or changed: a kind ('patient', 'document', 'export') and its id. */
    objectType: text('object_type').notNull().default(''),
    objectId: text('object_id').notNull().default(''),
    /** Lower-cased e-mail a login attempt named, for per-account throttling. */
    email: text('email').notNull().default(''),
    ip: text('ip').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    chainSeq: bigint('chain_seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    rowHash: text('row_hash'),
  },
  (t) => [
    index('audit_log_action_email_idx').on(t.action, t.email, t.createdAt),
    index('audit_log_action_ip_idx').on(t.action, t.ip, t.createdAt),
    index('audit_log_target_idx').on(t.targetUserId),
    uniqueIndex('audit_log_chain_seq_key').on(t.chainSeq),
    index('audit_log_patient_idx').on(t.patientId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
    index('audit_log_created_idx').on(t.createdAt),
  ],
);

/** A stored file a queued mail carries. */
export type MailAttachmentRef = { filename: string; storageKey: string; contentType: string };

/** Durable mail queue: a mail is committed with the change that caused it, then sent by the worker. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    replyTo: text('reply_to').notNull().default(''),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull().default(''),
    /** Files to attach, read from the file storage when the mail is sent (a receipt PDF). */
    attachments: jsonb('attachments').$type<MailAttachmentRef[]>().notNull().default(sql`'[]'::jsonb`),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    check('mail_outbox_status_check', sql`${t.status} IN ('pending', 'sent', 'failed')`),
  ],
);

/**
 * One row per periodic job (purges, reminders): the process that claims a run moves `next_run_at`
 * forward and holds a lease while it runs, so with several server processes each run happens once
 * (docs/decisions/025-several-processes.md).
 */
export const jobClaims = pgTable('job_claims', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  /** The process running it now (host:pid:nonce); null between runs. */
  claimedBy: text('claimed_by'),
  /** A process that dies mid-run frees the job when its lease ends. */
  leaseUntil: timestamp('lease_until', { withTimezone: true }),
  runs: integer('runs').notNull().default(0),
  lastRunBy: text('last_run_by').notNull().default(''),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
});

/**
 * Files staged by a `process-file/` upload and not yet filed by the call that uses them. A job
 * removes those older than a day; an account holds a bounded number at once (storage/staged-uploads.ts).
 */
export const stagedUploads = pgTable(
  'staged_uploads',
  {
    key: text('key').primaryKey(),
    userId: integer('user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staged_uploads_user_idx').on(t.userId, t.createdAt),
    index('staged_uploads_created_idx').on(t.createdAt),
  ],
);

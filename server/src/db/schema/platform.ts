import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Who did what, when, from where. Rows are never updated. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    action: text('action').notNull(),
    actorUserId: integer('actor_user_id'),
    targetUserId: integer('target_user_id'),
    /** Lower-cased e-mail a login attempt named, for per-account throttling. */
    email: text('email').notNull().default(''),
    ip: text('ip').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_action_email_idx').on(t.action, t.email, t.createdAt),
    index('audit_log_action_ip_idx').on(t.action, t.ip, t.createdAt),
    index('audit_log_target_idx').on(t.targetUserId),
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

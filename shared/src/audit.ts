import { z } from 'zod';
import { ZIsoDate } from './dates.ts';
import { ZPageQuery, zPage } from './paging.ts';
import { zUrlId } from './url-integers.ts';

/** The audit trail (docs/decisions/024-audit-trail.md): /audit-log for admins, "who saw my record". */

export const AUDIT_TEXTS = {
  title: 'Audit Log',
  accessLogTitle: 'Who saw my record',
  noAccess: 'Nobody has opened your record yet.',
  chainOk: 'The audit chain is intact.',
} as const;

/** What the admin's filters narrow by (all optional, combined with AND). */
export const ZAuditFilters = z.object({
  /** The person who acted. */
  actor: zUrlId().optional(),
  /** The account acted as (Login As, staff access). */
  acting_as: zUrlId().optional(),
  patient: zUrlId().optional(),
  /** An action, or the start of one ('patient.' for every patient action). */
  action: z.string().trim().max(100).optional(),
  object_type: z.string().trim().max(40).optional(),
  object_id: z.string().trim().max(100).optional(),
  date_after: ZIsoDate.optional(),
  date_before: ZIsoDate.optional(),
});
export type TAuditFilters = z.infer<typeof ZAuditFilters>;

/** GET /api/admin/audit-log/: newest first. */
export const ZAuditLogQuery = ZPageQuery.extend(ZAuditFilters.shape);
export type TAuditLogQuery = z.infer<typeof ZAuditLogQuery>;

const ZPerson = z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable();

export const ZAuditEntry = z.object({
  id: z.number(),
  chain_seq: z.number().nullable(),
  created_at: z.string(),
  action: z.string(),
  actor: ZPerson,
  acting_as: ZPerson,
  patient: ZPerson,
  target_user_id: z.number().nullable(),
  object_type: z.string(),
  object_id: z.string(),
  ip: z.string(),
  detail: z.record(z.string(), z.unknown()),
});
export type TAuditEntry = z.infer<typeof ZAuditEntry>;
export const ZAuditPage = zPage(ZAuditEntry);
export type TAuditPage = z.infer<typeof ZAuditPage>;

/** The patient's own view: who opened the record or a document of it, when. */
export const ZAccessLogEntry = z.object({
  created_at: z.string(),
  what: z.string(),
  who: z.string(),
  role: z.string(),
  /** Someone who opened it acting as another account (Login As, staff access): that account. */
  acting_as: z.string().nullable(),
});
export type TAccessLogEntry = z.infer<typeof ZAccessLogEntry>;
export const ZAccessLogPage = zPage(ZAccessLogEntry);
export type TAccessLogPage = z.infer<typeof ZAccessLogPage>;

export const ZAuditChainStatus = z.object({
  ok: z.boolean(),
  rows: z.number(),
  chain_seq: z.number().nullable(),
  reason: z.string().nullable(),
});

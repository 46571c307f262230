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

/**
 * What each action of the trail says in words on /audit-log (the code stays the filter's and the
 * CSV's). An action without its own words reads as its code spelled out ("white_label.dns_checked":
 * "White label: dns checked").
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  'account.signed_up': 'Account signed up',
  'admin_invitation.created': 'Admin invitation sent',
  'admin_invitation.revoked': 'Admin invitation revoked',
  'agreement.accepted': 'Membership agreement accepted',
  'asset.created': 'Asset added',
  'asset.deleted': 'Asset removed',
  'asset.updated': 'Asset updated',
  'audit_log.exported': 'Audit log exported',
  'center_join.link_renewed': 'Center join link renewed',
  'commissions.mark_paid': 'Commissions paid',
  'document.listed': 'Document list viewed',
  'document.viewed': 'Document opened',
  'email.change_failed': 'E-mail change refused',
  'email.confirmed': 'E-mail confirmed',
  'harvest_center.created': 'Harvest center added',
  'hc_profile.logo_updated': 'Center logo changed',
  'hc_staff.centers_updated': "Staff member's centers changed",
  'hc_staff.removed': 'Staff member removed',
  'impersonation.started': 'Login As started',
  'impersonation.ended': 'Login As ended',
  'login.failed': 'Login failed',
  'login.password_accepted': 'Password accepted (second step owed)',
  'login.succeeded': 'Logged in',
  'password.change_failed': 'Password change refused',
  'password.changed': 'Password changed',
  'password.changed_by_admin': 'Password changed by an admin',
  'password_reset.completed': 'Password reset completed',
  'password_reset.requested': 'Password reset requested',
  'patient.created': 'Patient added',
  'patient.listed': 'Patient list viewed',
  'patient.timeline_exported': 'Patient timeline printed',
  'patient.updated': 'Patient record changed',
  'patient.viewed': 'Patient record viewed',
  'receipt.viewed': 'Receipt opened',
  'rhc_association.updated': 'RHC centers changed',
  'sales_team.manager_removed': 'Sales manager removed from a team',
  'sales_team.rep_removed': 'Sales rep removed from a team',
  'second_factor.reauthentication_failed': 'Second factor refused',
  'session.ended_after_wrong_passwords': 'Session ended after wrong passwords',
  'shipping_label.created_by_carrier': 'Shipping label made by the carrier',
  'shipping_label.notification_sent': 'Shipping label notice sent',
  'shipping_label.requested': 'Shipping label requested',
  'shipping_label.updated': 'Shipping label updated',
  'shipping_label.updated_and_sent': 'Shipping label updated and sent',
  'sign_up.refused': 'Sign-up refused',
  'staff_access.started': 'Access to this HC opened',
  'staff_access.ended': 'Access to this HC ended',
  'transaction.listed': 'Transaction list viewed',
  'transaction.update': 'Transaction changed',
  'transactions.exported': 'Transactions exported',
  'user.activated': 'User activated',
  'user.created': 'User added',
  'user.deactivated': 'User deactivated',
  'user.deleted': 'User removed',
  'user.profile_updated': 'Profile changed',
  'user.updated': 'User changed',
  'users.exported': 'Users exported',
  'vial.listed': 'Vial history viewed',
  'vials.record_added': 'Vial record added',
  'vials.record_updated': 'Vial record changed',
  'white_label.admin_created': 'White-label admin added',
  'white_label.config_saved': 'White-label settings saved',
  'white_label.domain_created': 'White-label domain added',
};

const spelledOut = (code: string) => code.replace(/[_-]+/g, ' ').trim();

export function auditActionLabel(action: string): string {
  const known = AUDIT_ACTION_LABELS[action];
  if (known) return known;
  const [area, ...rest] = action.split('.');
  const words = spelledOut(area);
  const label = words.charAt(0).toUpperCase() + words.slice(1);
  return rest.length ? `${label}: ${spelledOut(rest.join(' '))}` : label;
}

/** The lists a listing row names by their API path, as the screens that show them are called. */
const LIST_NAMES: [RegExp, string][] = [
  [/^\/api\/admin\/users\/all\/inactive\//, 'Inactive Users'],
  [/^\/api\/admin\/users\//, 'Users List'],
  [/^\/api\/admin\/documents\//, 'Documents'],
  [/^\/api\/v1\/documents\/list\//, "A patient's documents"],
  [/\/documentList\//, 'Patients Signatures'],
  [/vials-history/, 'Vials History'],
  [/transaction/, 'Transactions'],
  [/patient/i, 'Patients'],
];

const OBJECT_KINDS: Record<string, string> = {
  patient: 'Patient',
  document: 'Document',
  transaction: 'Transaction',
  user: 'User',
  timeline: 'Timeline of patient',
  center_join_request: 'Join request',
};

/** The "Object" column in words: the list's screen, or the kind of record and its number. */
export function auditObjectLabel(objectType: string, objectId: string): string {
  if (!objectType) return '—';
  if (objectType === 'list') {
    return LIST_NAMES.find(([pattern]) => pattern.test(objectId))?.[1] ?? 'A list';
  }
  if (objectType === 'export') return objectId ? `Export (${objectId.toUpperCase()})` : 'Export';
  const kind = OBJECT_KINDS[objectType] ?? spelledOut(objectType);
  if (!objectId) return kind;
  return /^\d+$/.test(objectId) ? `${kind} #${objectId}` : `${kind} ${objectId}`;
}

import { z } from 'zod';
import { ZPageQuery, zPage } from './paging.ts';
import { zUrlInteger } from './url-integers.ts';

/**
 * Joining a harvest center needs its consent (docs/decisions/027-consent-to-join-a-center.md): a
 * staff member who signs up through the center's staff link, or an RHC whose sign-up names the center
 * (hcid), makes a request that the center (on /staff-view) or an admin approves or declines. The
 * link carries the center's join token (`token`), which the center can renew.
 */

export const JOIN_KINDS = ['staff', 'rhc'] as const;
export type TJoinKind = (typeof JOIN_KINDS)[number];
export const JOIN_STATUSES = ['pending', 'approved', 'declined'] as const;
export type TJoinStatus = (typeof JOIN_STATUSES)[number];

export const JOIN_KIND_LABELS: Record<TJoinKind, string> = {
  staff: 'HC staff',
  rhc: 'Referral harvest center',
};
export const JOIN_STATUS_LABELS: Record<TJoinStatus, string> = {
  pending: 'Waiting for approval',
  approved: 'Approved',
  declined: 'Declined',
};

/** GET (and POST …/renew/) /api/v1/harvest-centers/{id}/join-link/ */
export const ZJoinLink = z.object({
  harvest_center_id: z.number().int(),
  token: z.string(),
  /** The staff sign-up link to hand out (part 2 §2 "a copyable staff sign-up link"). */
  staff_url: z.string(),
});
export type TJoinLink = z.infer<typeof ZJoinLink>;

export const ZJoinRequest = z.object({
  id: z.number().int(),
  kind: z.enum(JOIN_KINDS),
  status: z.enum(JOIN_STATUSES),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  harvest_center: z.object({ id: z.number().int(), company: z.string() }),
  requester: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    company: z.string(),
    phone_number: z.string(),
    /** False while the requester has not opened the confirmation mail (cannot sign in yet). */
    email_confirmed: z.boolean(),
  }),
});
export type TJoinRequest = z.infer<typeof ZJoinRequest>;
export const ZJoinRequestPage = zPage(ZJoinRequest);
export type TJoinRequestPage = z.infer<typeof ZJoinRequestPage>;

const ZJoinStatusFilter = z.enum([...JOIN_STATUSES, 'all']).default('pending');

/** GET /api/v1/harvest-centers/{id}/join-requests/ */
export const ZCenterJoinRequestQuery = ZPageQuery.extend({
  limit: zUrlInteger(1, 500).default(100),
  status: ZJoinStatusFilter,
});
/** GET /api/admin/join-requests/ (HC Staff Manager, RHC Manager) */
export const ZAdminJoinRequestQuery = ZCenterJoinRequestQuery.extend({ kind: z.enum(JOIN_KINDS).optional() });
export type TAdminJoinRequestQuery = z.infer<typeof ZAdminJoinRequestQuery>;

/** POST /api/v1/join-requests/{id}/approve/ and …/decline/ */
export const ZJoinDecisionResponse = z.object({ message: z.string(), data: ZJoinRequest });
export const JOIN_APPROVED_MESSAGE = 'The request has been approved.';
export const JOIN_DECLINED_MESSAGE = 'The request has been declined.';
export const JOIN_ALREADY_DECIDED_MESSAGE = 'This request has already been decided.';
export const JOIN_DECIDED_BY_CENTER_MESSAGE =
  'Only the harvest center itself or an admin can approve or decline requests and renew its link.';
export const JOIN_LINK_RENEWED_MESSAGE = 'A new link has been made. The previous link no longer works.';

/** The staff member's own requests that are not links yet (GET /api/v1/hc-staff/{id}/hc-list/). */
export const ZOwnJoinRequest = z.object({
  id: z.number().int(),
  status: z.enum(JOIN_STATUSES),
  created_at: z.string(),
  harvest_center: z.object({ id: z.number().int(), company: z.string() }),
});
export type TOwnJoinRequest = z.infer<typeof ZOwnJoinRequest>;

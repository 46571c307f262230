import { z } from 'zod';
import { ZEmail } from './auth.ts';
import { ZPhone, zRequiredText, zText } from './form-fields.ts';
import { MEMBERSHIP } from './memberships.ts';
import { ZPageQuery, zPage } from './paging.ts';
import { ZPersonDesc } from './patients.ts';
import { PAGE_SIZE } from './ui-constants.ts';
import { zUrlInteger } from './url-integers.ts';

/**
 * The sales network: a sales rep (3) belongs to a sales manager (6, users.sales_manager_id), a
 * manager to a sales distributor (8, users.sales_distributor_id). Every other account (HC, RHC,
 * patient) carries saless_rep_id and, following that rep, sales_manager_id and
 * sales_distributor_id.
 *
 * Team scopes (server-side, in SQL): a rep sees its own centers and patients; a manager the data
 * of the reps whose sales_manager_id is the manager; a distributor the data of its managers' reps
 * (and of reps linked to it directly).
 */
export const ZSalesPerson = z.object({
  id: z.number().int(),
  /** Option shape (part 1 §3): value/id, label, first_name, last_name. */
  value: z.number().int(),
  label: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  phone_number: z.string(),
  /** 3 rep, 6 manager, 8 distributor. */
  subscription: z.number().int(),
  is_active: z.boolean(),
  date_joined: z.string(),
  sales_manager_id: z.number().int().nullable(),
  sales_manager_desc: ZPersonDesc.nullable(),
  sales_distributor_id: z.number().int().nullable(),
  sales_distributor_desc: ZPersonDesc.nullable(),
});
export type TSalesPerson = z.infer<typeof ZSalesPerson>;
export const ZSalesPersonPage = zPage(ZSalesPerson);
export type TSalesPersonPage = z.infer<typeof ZSalesPersonPage>;

/** Team lists: paging (default 10, part 1 §9) and a search over name, e-mail, company, phone. */
export const ZSalesListQuery = ZPageQuery.extend({
  limit: zUrlInteger(1, 1000).default(PAGE_SIZE.salesTeams),
  search: z.string().trim().max(100).optional(),
});
export type TSalesListQuery = z.infer<typeof ZSalesListQuery>;

/** POST /api/v1/sales-rep/{rep id}/remove-team/ and /api/v1/sales-distributors/{manager id}/remove-team/ */
export const ZRemoveTeamResponse = z.object({ message: z.string(), id: z.number().int() });
export const SALES_REP_REMOVED_MESSAGE = 'Sales rep has been removed from the team.';
export const SALES_MANAGER_REMOVED_MESSAGE = 'Sales manager has been removed from the team.';

// ---------------------------------------------------------------------------------------------
// Adding a rep (manager or admin) or a manager (distributor or admin): part 2 §3.
// ---------------------------------------------------------------------------------------------

export const INVITATION_ONLY_MESSAGE =
  'A new sales team member sets their own password from the invitation mail.';

/**
 * The client of the spec sends `generate_password: true`, `send_new_sales_team: true` and a
 * placeholder password. Here the new member always chooses the password from the invitation mail
 * (a password typed by the creator would be known to two people), so both flags may only be true
 * and any `password` sent is dropped by the schema.
 */
const newSalesMemberShape = {
  first_name: zRequiredText('First name'),
  last_name: zRequiredText('Last name'),
  email: ZEmail,
  phone_number: ZPhone.optional(),
  company: zText(200).optional(),
  generate_password: z.literal(true, { message: INVITATION_ONLY_MESSAGE }).optional(),
  send_new_sales_team: z.literal(true, { message: INVITATION_ONLY_MESSAGE }).optional(),
};

/** POST /api/v1/sales-rep/: a manager's new rep joins its team; an admin may name the manager. */
export const ZNewSalesRep = z.object({
  ...newSalesMemberShape,
  subscription: z.literal(MEMBERSHIP.salesRep).optional(),
  sales_manager_id: z.number().int().positive().nullable().optional(),
});
export type TNewSalesRep = z.infer<typeof ZNewSalesRep>;

/** POST /api/v1/sales-managers/: a distributor's new manager joins its team; an admin may name the distributor. */
export const ZNewSalesManager = z.object({
  ...newSalesMemberShape,
  subscription: z.literal(MEMBERSHIP.salesManager).optional(),
  sales_distributor_id: z.number().int().positive().nullable().optional(),
});
export type TNewSalesManager = z.infer<typeof ZNewSalesManager>;

/** The form both pages fill in (the team link is the creator, set by the server). */
export const ZNewSalesMemberForm = z.object({
  first_name: newSalesMemberShape.first_name,
  last_name: newSalesMemberShape.last_name,
  email: newSalesMemberShape.email,
  phone_number: newSalesMemberShape.phone_number,
  company: newSalesMemberShape.company,
});
export type TNewSalesMemberForm = z.infer<typeof ZNewSalesMemberForm>;

/**
 * GET /api/v1/sales-rep/{id}/user-exists/ (part 2 §3): `exists` is false for an unknown or inactive
 * rep (then no data); an active rep's answer carries its manager's and distributor's ids, no names,
 * to anyone (the sign-up forms that ask are public).
 */
export const ZSalesRepExists = z.object({
  exists: z.boolean(),
  data: z
    .object({
      sales_manager_id: z.number().int().nullable(),
      sales_distributor_id: z.number().int().nullable(),
    })
    .optional(),
});
export type TSalesRepExists = z.infer<typeof ZSalesRepExists>;

import { z } from 'zod';
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

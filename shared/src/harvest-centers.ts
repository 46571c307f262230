import { z } from 'zod';
import { ZEmail, ZPassword } from './auth.ts';
import { ZPhone } from './form-fields.ts';
import { MEMBERSHIP } from './memberships.ts';
import { ZPageQuery, zPage } from './paging.ts';
import { ZCenterDesc, ZPersonDesc } from './patients.ts';
import { PAGE_SIZE } from './ui-constants.ts';
import { zUrlInteger } from './url-integers.ts';

/**
 * Harvest centers (membership 4) and referral harvest centers (5). An RHC is associated with one
 * or more HCs (rhc_hc_links); HC staff (9) with one or more HCs (hc_staff_links). Each center has
 * a sales rep; its sales manager and distributor follow that rep.
 */

const name = (label: string, max = 150) =>
  z.string().trim().min(1, `${label} is required`).max(max, `At most ${max} characters`);

/**
 * POST /api/v1/harvest-centers/ (admin, or a sales rep for itself). Part 1 §3: email, first_name,
 * last_name, company, password, subscription = 4. A rep's new HC gets the rep; an admin may name
 * the rep (saless_rep_id) and the processing lab. The public sign-up form is a later issue.
 */
export const ZHarvestCenterCreate = z.object({
  email: ZEmail,
  first_name: name('First name'),
  last_name: name('Last name'),
  company: name('Company', 200),
  password: ZPassword,
  subscription: z.literal(MEMBERSHIP.harvestCenter).default(MEMBERSHIP.harvestCenter),
  phone_number: ZPhone.optional(),
  saless_rep_id: z.number().int().positive().nullable().optional(),
  processing_lab: z.number().int().positive().nullable().optional(),
});
export type THarvestCenterCreate = z.infer<typeof ZHarvestCenterCreate>;
export const HARVEST_CENTER_CREATED_MESSAGE = 'Harvest Center has been created!';

/** A harvest center in lists (admin, lab, sales rep) and as the create answer. */
export const ZHarvestCenter = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  company: z.string(),
  phone_number: z.string(),
  city: z.string(),
  state_desc: z.string(),
  template_id: z.string(),
  /** 4 for an HC, 5 for an RHC. */
  subscription: z.number().int(),
  is_active: z.boolean(),
  date_joined: z.string(),
  saless_rep_id: z.number().int().nullable(),
  sales_rep_desc: ZPersonDesc.nullable(),
  sales_manager_id: z.number().int().nullable(),
  sales_distributor_id: z.number().int().nullable(),
  processing_lab: z.number().int().nullable(),
  processing_lab_name: z.string().nullable(),
  /** Patients of the HC, or patients referred by the RHC. */
  patients_count: z.number().int(),
});
export type THarvestCenter = z.infer<typeof ZHarvestCenter>;
export const ZHarvestCenterPage = zPage(ZHarvestCenter);
/** Answer of POST /api/v1/harvest-centers/ (201). */
export const ZHarvestCenterCreateResponse = z.object({ message: z.string(), data: ZHarvestCenter });

/** A referral harvest center with the harvest centers it is associated with. */
export const ZReferralHarvestCenter = ZHarvestCenter.extend({ hc_desc: z.array(ZCenterDesc) });
export type TReferralHarvestCenter = z.infer<typeof ZReferralHarvestCenter>;
export const ZReferralHarvestCenterPage = zPage(ZReferralHarvestCenter);

/** Center lists: paging (default 10; the UI asks 5 on lab and sales rep screens) and a search. */
export const ZCenterListQuery = ZPageQuery.extend({
  limit: zUrlInteger(1, 500).default(PAGE_SIZE.default),
  search: z.string().trim().max(100).optional(),
});
export type TCenterListQuery = z.infer<typeof ZCenterListQuery>;

/** A center in select-search pickers (part 1 §3 option shape plus company and rep). */
export const ZCenterOption = z.object({
  id: z.number().int(),
  value: z.number().int(),
  /** The company, or the person's name when the company is empty. */
  label: z.string(),
  company: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  saless_rep_id: z.number().int().nullable(),
});
export type TCenterOption = z.infer<typeof ZCenterOption>;

export const ZCenterOptionsQuery = z.object({
  search: z.string().trim().max(100).optional(),
  limit: zUrlInteger(1, 1000).default(1000),
});

/** GET /api/v1/harvest-centers/public-options/{rep id}/ (public sign-up pickers): nothing more. */
export const ZPublicCenterOption = z.object({ id: z.number().int(), company: z.string() });
export type TPublicCenterOption = z.infer<typeof ZPublicCenterOption>;

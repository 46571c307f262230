import { z } from 'zod';
import { zText } from './form-fields.ts';
import { zPatchOf } from './patch-body.ts';

/**
 * Saved locations (part 2 §3 Saved location, §4, §5). Exactly one default per account: the first
 * location becomes it, setting another moves it, and neither the last nor the default location can
 * be deleted. The default is listed first.
 */

export const LOCATION_MESSAGES = {
  lastOne: 'You only have one address, you need at least one address on your account.',
  isDefault: 'You can not delete this location, select another default address before delete this location.',
  empty: 'No locations yet.',
  created: 'Location has been saved!',
  updated: 'Location has been updated!',
  removed: 'Location has been removed!',
  defaultChanged: 'Default location has been changed!',
  removeConfirm: 'Are you sure you want to remove this location?',
  zipHelp: 'Leave blank if it does not apply to your country',
} as const;

/** The add/edit animation of the Locations screen (part 2 §9). */
export const LOCATION_ANIMATION_MS = 1000;

export const ZSavedLocation = z.object({
  id: z.number().int(),
  user: z.number().int(),
  location_name: z.string(),
  address1: z.string(),
  address2: z.string(),
  city: z.string(),
  state_desc: z.string(),
  country_desc: z.string(),
  zip_code: z.string(),
  default: z.boolean(),
  template_id: z.string().nullable(),
});
export type TSavedLocation = z.infer<typeof ZSavedLocation>;

const required = (label: string, max = 150) => zText(max).min(1, `${label} is required`);

/** POST v1/locations/ (user defaults to the caller) and PATCH v1/locations/{id}/ (partial). */
export const ZLocationBody = z.object({
  user: z.number().int().positive().optional(),
  location_name: zText(100).default(''),
  address1: required('Address line 1'),
  address2: zText(150).default(''),
  city: required('City', 100),
  state_desc: required('State', 100),
  country_desc: required('Country', 100),
  zip_code: zText(20).default(''),
  default: z.boolean().optional(),
});
export type TLocationBody = z.input<typeof ZLocationBody>;
export const ZLocationPatch = zPatchOf(ZLocationBody.omit({ user: true }));

/** POST v1/locations/update-default/. */
export const ZDefaultLocationBody = z.object({
  location_id: z.number().int().positive(),
  /** The caller's own account when left out. */
  user_id: z.number().int().positive().optional(),
});

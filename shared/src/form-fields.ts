import { z } from 'zod';

/** Field rules shared by the account forms (profile, admin edit, contact, patients, centers). */

/** Separators people type in phone numbers; the rest must be digits ("phone numeric", part 1 §5). */
export const PHONE_MESSAGE = 'Phone number must contain digits only';
/** An empty phone where one is needed says so (not "digits only", issue 42). */
export const PHONE_REQUIRED_MESSAGE = 'Phone number is required';
export const ZPhone = z
  .string()
  .trim()
  .transform((v) => v.replace(/[\s().-]/g, ''))
  .pipe(
    z
      .string()
      .max(20, 'Phone number is too long')
      .regex(/^\+?[0-9]*$/, PHONE_MESSAGE),
  );

/** Free text, trimmed, at most `max` characters. */
export const zText = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
/** Required free text: "<label> is required" when empty. */
export const zRequiredText = (label: string, max = 150) => zText(max).min(1, `${label} is required`);

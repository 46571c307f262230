import { z } from 'zod';

/** The HC profile's logo (part 2 §2 /hc-profile, §7 POST utilities/upload-hc-logo/, field `logohc`). */
export const HC_LOGO_FIELD = 'logohc';
export const HC_LOGO_MAX_MEGABYTES = 2;
/** Logos are kept at most this many pixels wide and high (header, receipts and documents show them small). */
export const HC_LOGO_MAX_PIXELS = 512;

export const HC_LOGO_TEXTS = {
  updated: 'Logo has been updated!',
  removed: 'Logo has been removed.',
  unreadable: 'This image could not be read. Please choose another PNG, JPEG or WebP image.',
  tooLarge: 'This image is too large: at most 40 megapixels (8000×5000). Please choose a smaller image.',
} as const;

export const ZHcLogoResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  logo_url: z.string().nullable(),
});
export type THcLogoResponse = z.infer<typeof ZHcLogoResponse>;

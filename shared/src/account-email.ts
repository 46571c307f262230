import { z } from 'zod';
import { ZEmail } from './auth.ts';

/** The login e-mail is unique across all accounts: the message every form shows, and the check. */
export const EMAIL_TAKEN_MESSAGE = 'A user with this e-mail already exists.';

export const ZEmailExistsBody = z.object({
  email: ZEmail,
  /** The user being edited, so its own address does not count as taken. */
  exclude_id: z.number().int().positive().optional(),
});
export const ZEmailExists = z.object({ exists: z.boolean() });

/**
 * What one account may ask of email-exists a minute (from however many addresses): a form's checks,
 * not a walk through a list of addresses.
 */
export const EMAIL_CHECKS_PER_MINUTE = 30;
export const EMAIL_CHECKS_LIMITED = 'Too many e-mail addresses checked. Please wait a minute and try again.';

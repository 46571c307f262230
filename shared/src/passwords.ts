import { z } from 'zod';
import { ZPassword } from './auth.ts';
import { TEXT } from './ui-constants.ts';

/**
 * Changing passwords: one's own (the /password page) and another user's (admin). The public
 * forgot/reset flow is in auth.ts.
 */

/** Profile flow (/password page). */
export const ZUpdateOwnPassword = z
  .object({
    password_current: z.string().min(1, 'Current password is required').max(1024),
    password_new: ZPassword,
    password_confirmation: z.string().max(1024),
  })
  .refine((v) => v.password_new === v.password_confirmation, {
    message: TEXT.passwordsDoNotMatch,
    path: ['password_confirmation'],
  });
export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is incorrect.';

/** Admin flow: a new password for another user. */
export const ZAdminChangePassword = z.object({
  user_id: z.number().int().positive(),
  new_password_change: ZPassword,
});

/** Admin flow: mail another user a reset-password link. */
export const ZResetUserPasswordBody = z.object({
  user_id: z.number().int().positive(),
  /** Shown by the client in its confirmation; the server mails the stored address. */
  user_name: z.string().max(300).optional(),
});

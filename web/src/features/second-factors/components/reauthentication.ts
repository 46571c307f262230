import { z } from 'zod';

/** The password typed again before a change to one's factors (the server checks it). */
export const currentPasswordField = z.string().min(1, 'Enter your current password').max(1024);

/**
 * A form's schema with the password, required unless the change is made during enrolment (minutes
 * after the password, with the pending sign-in's token).
 */
export function withPassword<T extends z.ZodRawShape>(shape: T, askPassword: boolean) {
  const password: z.ZodString = askPassword ? currentPasswordField : z.string();
  return z.object({ ...shape, current_password: password });
}

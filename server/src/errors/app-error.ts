import { fieldLabel } from '@portal/shared/validation-messages';
import type { z } from 'zod';

type ErrorOptions = { code?: string; errors?: Record<string, string> };

/** The one error type services throw; `http/error-handler.ts` maps it to the API's error shape. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly errors: Record<string, string> | undefined;
  constructor(status: number, message: string, options: ErrorOptions = {}) {
    super(message);
    this.status = status;
    this.code = options.code;
    this.errors = options.errors;
  }
}

/** The one answer for a path no route serves and for an object that does not exist. */
export const NOT_FOUND_MESSAGE = 'Not found.';

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new AppError(400, message, { errors });
export const unauthorized = (message = 'Authentication credentials were not provided.') =>
  new AppError(401, message);
export const forbidden = (message = 'You do not have permission to perform this action.') =>
  new AppError(403, message);
export const notFound = (message = NOT_FOUND_MESSAGE) => new AppError(404, message);
export const conflict = (message: string, errors?: Record<string, string>) =>
  new AppError(409, message, { errors });

/** A 400 naming each invalid field once, its first problem first in the message. */
export function invalidInput(issues: { field: string; message: string }[]): AppError {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[issue.field || '_'] ??= issue.message;
  const first = Object.entries(errors)[0];
  const message = first
    ? `${first[0] === '_' ? 'Input' : fieldLabel(first[0])}: ${first[1]}`
    : 'The request is not valid.';
  return new AppError(400, message, { errors });
}

/**
 * Validates a body against a schema chosen in the handler (a route whose body depends on who
 * calls), failing like the route validator does.
 */
export function parseInput<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw invalidInput(parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
}

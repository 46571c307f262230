import { applyFriendlyValidationMessages, fieldLabel } from '@portal/shared/validation-messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isDatabaseUnavailable, pgErrorCode } from '../db/unavailable.ts';

type ErrorOptions = { code?: string; errors?: Record<string, string> };

/** The one error type services throw; the handler below maps it to the API's error shape. */
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
function invalidInput(issues: { field: string; message: string }[]): AppError {
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

/** PostgreSQL error codes that mean bad input, not a broken server. */
const PG_CLIENT_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'This record already exists.'],
  '23503': [409, 'This record refers to something that does not exist or is still in use.'],
  '23514': [400, 'A value is out of its allowed range.'],
  '22P02': [400, 'A value has the wrong format.'],
  '22003': [400, 'A number is out of range.'],
  '22007': [400, 'A date has the wrong format.'],
  '22008': [400, 'A date is out of range.'],
  '22001': [400, 'A value is too long.'],
};

/** Seconds a client is asked to wait when the database is out of reach (a restart takes a few). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export function registerErrorHandler(app: FastifyInstance): void {
  // zod's own texts ("Invalid input: expected string, received undefined") become plain sentences.
  applyFriendlyValidationMessages();
  // Fastify's default 404 body ({ message: 'Route GET:/x not found', error, statusCode }) is not
  // the API's error shape: unknown routes answer like a missing object.
  app.setNotFoundHandler((_request, reply) => reply.status(404).send({ message: NOT_FOUND_MESSAGE }));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .send({ message: error.message, code: error.code, errors: error.errors });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const invalid = invalidInput(
        error.validation.map((issue) => ({
          field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: issue.message ?? 'Invalid value',
        })),
      );
      return reply.status(400).send({ message: invalid.message, errors: invalid.errors });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Internal server error.' });
    }
    const pgCode = pgErrorCode(error);
    if (pgCode && PG_CLIENT_ERRORS[pgCode]) {
      const [status, message] = PG_CLIENT_ERRORS[pgCode];
      return reply.status(status).send({ message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error, route: request.routeOptions.url }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ message: 'The portal is briefly unavailable. Please try again in a moment.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        status === 413
          ? 'The request body is too large.'
          : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
            ? 'The request body is not valid JSON.'
            : error.message;
      return reply.status(status).send({ message });
    }
    request.log.error(
      { err: error, method: request.method, route: request.routeOptions.url },
      'unhandled error',
    );
    return reply.status(500).send({ message: 'Internal server error.' });
  });
}

import { applyFriendlyValidationMessages } from '@portal/shared/validation-messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable, pgErrorCode } from '../db/unavailable.ts';
import { AppError, invalidInput, NOT_FOUND_MESSAGE } from '../errors/app-error.ts';

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

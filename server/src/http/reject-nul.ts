import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors/app-error.ts';

export const NUL_MESSAGE = 'Must not contain a NUL character';

/** Deeper than any request of ours; a body nested further is not walked (and fails its schema). */
const MAX_DEPTH = 64;

/**
 * PostgreSQL text cannot hold U+0000: a NUL that reaches a query fails inside the database (a 500).
 * One check for every route, before validation: any string in the body, query string or path
 * parameters (and any key) that contains one is a 400 naming the field, as zod names its fields.
 */
export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const errors: Record<string, string> = {};
    collectNulFields(request.params, '', errors, 0);
    collectNulFields(request.query, '', errors, 0);
    collectNulFields(request.body, '', errors, 0);
    const fields = Object.keys(errors);
    if (fields.length > 0) throw badRequest(`${fields[0]}: ${NUL_MESSAGE}`, errors);
  });
}

function collectNulFields(value: unknown, field: string, errors: Record<string, string>, depth: number) {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) errors[field || '_'] = NUL_MESSAGE;
    return;
  }
  if (value === null || typeof value !== 'object' || depth >= MAX_DEPTH) return;
  const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
  for (const [key, item] of entries) {
    const name = String(key).replaceAll('\u0000', '\\u0000');
    const path = field ? `${field}.${name}` : name;
    if (name !== String(key)) errors[path] = NUL_MESSAGE;
    collectNulFields(item, path, errors, depth + 1);
  }
}

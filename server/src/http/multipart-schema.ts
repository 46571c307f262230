import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Multipart routes describe their form in the OpenAPI document (consumes multipart/form-data) but
 * read it with receiveFileUpload, which streams the file: the body is not validated as JSON here
 * (a JSON body simply has no file and gets the upload's 400).
 */
export function multipartValidator<T>(
  route: Parameters<FastifySchemaCompiler<T>>[0],
): ReturnType<FastifySchemaCompiler<T>> {
  if (route.httpPart === 'body') return (data: unknown) => ({ value: data });
  return validatorCompiler(route as unknown as Parameters<FastifySchemaCompiler<z.ZodType>>[0]);
}

/** A form field holding a file, as OpenAPI names it. */
export const zFormFile = (description: string) =>
  z.string().meta({ type: 'string', format: 'binary', description });

export const MULTIPART = ['multipart/form-data'];

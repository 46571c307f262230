import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/**
 * The zod-to-OpenAPI transform, plus `security: []` on public routes: the document asks for a
 * session everywhere by default, which is wrong for login, password reset and the like.
 */
export const openApiTransform: typeof jsonSchemaTransform = (input) => {
  const transformed = jsonSchemaTransform(input);
  if (input.route.config?.access !== 'public') return transformed;
  return { ...transformed, schema: { ...transformed.schema, security: [] } };
};

import { z } from 'zod';

type WithoutDefault<T> = T extends z.ZodDefault<infer Inner> ? Inner : T;
export type PatchShape<S extends z.ZodRawShape> = { [K in keyof S]: z.ZodOptional<WithoutDefault<S[K]>> };

/**
 * The PATCH body of a form: every field optional, and none filled in by a default, so a PATCH
 * changes only the fields it names. (zod's `.partial()` keeps defaults: a location PATCH naming
 * only its city came in with `zip_code: ''`, and the update cleared the stored one.)
 */
export function zPatchOf<S extends z.ZodRawShape>(form: z.ZodObject<S>): z.ZodObject<PatchShape<S>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(form.shape) as [string, z.ZodType][]) {
    shape[key] = (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional();
  }
  return z.object(shape) as unknown as z.ZodObject<PatchShape<S>>;
}

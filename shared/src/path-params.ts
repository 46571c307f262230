import { z } from 'zod';

/** Path ids: a positive integer, so a bad id is a 400 and never reaches SQL. */
export const ZIdParams = z.object({ id: z.coerce.number().int().positive() });

import { z } from 'zod';
import { zUrlId } from './url-integers.ts';

/** Path ids: a positive integer, so a bad id is a 400 and never reaches SQL. */
export const ZIdParams = z.object({ id: zUrlId() });

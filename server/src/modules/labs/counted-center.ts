import { alias } from 'drizzle-orm/pg-core';
import { centerAccounts } from '../../db/schema/account-links.ts';

/** The centers counted per lab (labs.repository.ts), an alias the HC scope is written against. */
export const countedCenter = alias(centerAccounts, 'counted_hc');

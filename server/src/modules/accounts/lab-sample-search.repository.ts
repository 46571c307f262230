import { type SQL, sql } from 'drizzle-orm';
import { alias, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Arg } from '../../db/prepared-query.ts';
import { patientAccounts } from '../../db/schema/account-links.ts';
import { users } from '../../db/schema/accounts.ts';

const qb = new QueryBuilder();
const sampleOwner = alias(patientAccounts, 'lab_sample_owner');

/**
 * "The user is the patient whose sample id at the lab is `term`" (case-insensitive, whole id), for
 * the searches that also take a lab id. users.search_text is generated from `users` alone, so the
 * id is matched here: the sub-query is served by patient_accounts_lab_sample_idx and, as an array
 * of ids (`= ANY(ARRAY(...))`), joins an OR with the trigram search as a BitmapOr on users' primary
 * key instead of turning the OR into a scan. A term given as a string is trimmed here; a placeholder's
 * value is the caller's to trim.
 */
export function isPatientWithLabSampleId(term: Arg<string>): SQL {
  const owners = qb
    .select({ id: sampleOwner.userId })
    .from(sampleOwner)
    .where(sql`lower(${sampleOwner.labSampleId}) = lower(${typeof term === 'string' ? term.trim() : term})`);
  return sql`${users.id} = any(array(${owners}))`;
}

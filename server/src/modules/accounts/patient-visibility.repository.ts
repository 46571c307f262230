import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { patientAccounts } from '../../db/schema/account-links.ts';
import type { ScopeActor } from './roles.ts';
import { patientScope } from './scopes.repository.ts';

const qb = new QueryBuilder();

/**
 * `column` (a patient id of another table: a document's, a label's) is one of the patients the
 * caller's patient scope lets it see, as an indexable `= ANY(ARRAY(sub-query))`.
 */
export function isVisiblePatient(actor: ScopeActor, column: AnyColumn): SQL {
  const patients = qb
    .select({ id: patientAccounts.userId })
    .from(patientAccounts)
    .where(patientScope(actor, patientAccounts));
  return sql`${column} = ANY(ARRAY(${patients}))`;
}

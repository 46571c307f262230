import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * A person's name as the lists, reports and logs show it: first and last name, NULL when both are
 * empty (or the account is missing in a left join), so a caller can fall back to the e-mail.
 */
export function personNameSql(person: { firstName: AnyColumn; lastName: AnyColumn }): SQL<string | null> {
  return sql<
    string | null
  >`nullif(trim(coalesce(${person.firstName}, '') || ' ' || coalesce(${person.lastName}, '')), '')`;
}

import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { domains } from '../../db/schema/accounts.ts';

export type DomainRow = typeof domains.$inferSelect;

export async function findDomain(db: Db, id: number): Promise<DomainRow | undefined> {
  const [row] = await db.select().from(domains).where(eq(domains.id, id)).limit(1);
  return row;
}

export async function findDomainByHost(db: Db, host: string): Promise<DomainRow | undefined> {
  const [row] = await db.select().from(domains).where(eq(domains.host, host)).limit(1);
  return row;
}

export async function updateDomainRow(db: Db, id: number, changes: Partial<DomainRow>): Promise<DomainRow> {
  const [row] = await db.update(domains).set(changes).where(eq(domains.id, id)).returning();
  return row;
}

/** A new domain; undefined when its host is taken already (one domain per host). */
export async function insertDomainUnlessHostTaken(
  db: Db,
  values: { name: string; url: string; host: string; checkToken: string },
): Promise<DomainRow | undefined> {
  const [row] = await db
    .insert(domains)
    .values(values)
    .onConflictDoNothing({ target: domains.host, where: sql`${domains.host} <> ''` })
    .returning();
  return row;
}

/** Every domain, newest first. */
export function findAllDomains(db: Db): Promise<DomainRow[]> {
  return db.select().from(domains).orderBy(desc(domains.id));
}

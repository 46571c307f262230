import { MEMBERSHIP, type MembershipId } from '@portal/shared/memberships';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from './client.ts';
import { hcStaffLinks, processingLabs, rhcHcLinks, users, userTagLinks } from './schema/accounts.ts';

type UserInsert = typeof users.$inferInsert;
export type UserRow = typeof users.$inferSelect;

export type CreateUserInput = Partial<Omit<UserInsert, 'passwordHash'>> & {
  password?: string;
  tags?: number[];
  /** Agreement accepted by default so most tests and demo accounts reach their screens. */
  agreementAccepted?: boolean;
};

// Factories hash the same few passwords thousands of times; reuse one hash per password.
const hashCache = new Map<string, Promise<string>>();
function cachedHash(password: string): Promise<string> {
  let hash = hashCache.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashCache.set(password, hash);
  }
  return hash;
}

let sequence = 0;

/** Test and seed factory: a user of any role with sensible defaults. */
export async function createUser(db: Db, input: CreateUserInput = {}): Promise<UserRow> {
  sequence += 1;
  const { password = 'test-password', tags = [], agreementAccepted = true, ...overrides } = input;
  const n = `${Date.now().toString(36)}${sequence}`;
  const email = overrides.email ?? `user-${n}@example.test`;
  const [user] = await db
    .insert(users)
    .values({
      firstName: 'Test',
      lastName: `User ${sequence}`,
      membershipId: MEMBERSHIP.patient,
      username: email,
      agreementAcceptedAt: agreementAccepted ? new Date() : null,
      ...overrides,
      email,
      passwordHash: await cachedHash(password),
    })
    .returning();
  if (tags.length) await db.insert(userTagLinks).values(tags.map((tagId) => ({ userId: user.id, tagId })));
  return user;
}

export function createUserOfRole(db: Db, membershipId: MembershipId, input: CreateUserInput = {}) {
  return createUser(db, { membershipId, ...input });
}

export async function createProcessingLab(db: Db, name = `Lab ${++sequence}`) {
  const [lab] = await db.insert(processingLabs).values({ name }).returning();
  return lab;
}

export async function linkStaffToHarvestCenter(db: Db, staffId: number, harvestCenterId: number) {
  await db.insert(hcStaffLinks).values({ staffId, harvestCenterId }).onConflictDoNothing();
}

export async function linkRhcToHarvestCenter(db: Db, rhcId: number, harvestCenterId: number) {
  await db.insert(rhcHcLinks).values({ rhcId, harvestCenterId }).onConflictDoNothing();
}

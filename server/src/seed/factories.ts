import { MEMBERSHIP, type MembershipId } from '@portal/shared/memberships';
import { hashPassword } from '../auth/passwords.ts';
import type { Db } from '../db/client.ts';
import { processingLabs, userTagLinks } from '../db/schema/accounts.ts';
import type { AccountRow } from '../modules/accounts/account-view.repository.ts';
import { insertAccount, type NewAccount } from '../modules/accounts/account-writes.repository.ts';

export type UserRow = AccountRow;

export type CreateUserInput = Partial<Omit<NewAccount, 'passwordHash'>> & {
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

/** Test and seed factory: an account of any role with sensible defaults, written through accounts. */
export async function createUser(db: Db, input: CreateUserInput = {}): Promise<UserRow> {
  sequence += 1;
  const { password = 'test-password', tags = [], agreementAccepted = true, ...overrides } = input;
  const n = `${Date.now().toString(36)}${sequence}`;
  const email = overrides.email ?? `user-${n}@example.test`;
  const user = await insertAccount(db, {
    firstName: 'Test',
    lastName: `User ${sequence}`,
    membershipId: MEMBERSHIP.patient,
    username: email,
    agreementAcceptedAt: agreementAccepted ? new Date() : null,
    ...overrides,
    email,
    passwordHash: await cachedHash(password),
  });
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

export {
  linkRhcToHarvestCenter,
  linkStaffToHarvestCenter,
} from '../modules/accounts/account-writes.repository.ts';

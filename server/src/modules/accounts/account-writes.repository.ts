import { EMAIL_TAKEN_MESSAGE } from '@portal/shared/account-email';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { revokeSessionsWhere } from '../../auth/session-revocation.ts';
import type { Db } from '../../db/client.ts';
import {
  centerAccounts,
  hcStaffLinks,
  labAccounts,
  patientAccounts,
  rhcHcLinks,
  salesAccounts,
} from '../../db/schema/account-links.ts';
import { users } from '../../db/schema/accounts.ts';
import { authTokens } from '../../db/schema/auth.ts';
import { badRequest, notFound } from '../../errors/app-error.ts';
import { type AccountRow, findAccountById, isEmailTaken } from './account-view.repository.ts';

/**
 * The only writer of accounts' role data and of the links between accounts. Every other module
 * changes a center, a rep, a manager, a lab or a staff association through these functions. Writes
 * only (with the checks a write needs, in its transaction); reads are in the *.repository.ts files
 * named for what they answer (account-view, sales-chain, hc-associations, patient-links, ...).
 */

type UserInsert = typeof users.$inferInsert;
/** A patient's record; `labSampleId` is the sample id at the lab (the API's lab_id). */
type PatientRecord = Omit<typeof patientAccounts.$inferInsert, 'userId' | 'membershipId'>;

/** A new account: its `users` columns and whatever its role links and records. */
export type NewAccount = Omit<UserInsert, 'id' | 'searchText'> &
  PatientRecord & {
    salesRepId?: number | null;
    salesManagerId?: number | null;
    salesDistributorId?: number | null;
    processingLabId?: number | null;
  };

const PATIENT_RECORD_KEYS = [
  'harvestCenterId',
  'referralHarvestCenterId',
  'salesRepId',
  'processingLabId',
  'labSampleId',
  'numberTimesQcDone',
  'dateAdiposeShippedToLab',
  'dateAdiposeReceivedByLab',
  'estimatedDateVialsReadyToShip',
  'estimatedDateSetManually',
  'dateVialsReadyToShip',
  'stemcellPlatingInitiatedDate',
  'stemcellPlatingSuccessful',
  'hlaTypingTest',
  'vialsPreparation',
  'vialsReadyShip',
  'vialsAvailable',
  'vialsShipped',
] as const satisfies readonly (keyof PatientRecord)[];

export type PatientRecordChanges = Partial<PatientRecord>;

function pickPatientRecord(input: PatientRecordChanges) {
  const record: Partial<typeof patientAccounts.$inferInsert> = {};
  for (const key of PATIENT_RECORD_KEYS) {
    if (input[key] !== undefined) (record as Record<string, unknown>)[key] = input[key];
  }
  return record;
}

/**
 * The white-label domain a new account joins (docs/decisions/023-white-label-domains.md): a given
 * one (null: the main portal), or that of the first of these accounts that has one (a patient its
 * center's, a rep's new center the rep's, a new team member its head's).
 */
export type AccountDomain =
  | { domainId: number | null }
  | { domainOf: readonly (number | null | undefined)[] };

async function resolveDomain(db: Db, domain: AccountDomain): Promise<number | null> {
  if ('domainId' in domain) return domain.domainId;
  const ids = domain.domainOf.filter((id): id is number => typeof id === 'number');
  if (ids.length === 0) return null;
  const rows = await db
    .select({ id: users.id, domainId: users.domainId })
    .from(users)
    .where(inArray(users.id, ids));
  for (const id of ids) {
    const domainId = rows.find((row) => row.id === id)?.domainId;
    if (domainId != null) return domainId;
  }
  return null;
}

/**
 * A new account with a login, for every path that makes one: the e-mail must be free (a 400 on the
 * field; the unique index holds it under races too) and is the username; it joins `domain`. In the
 * caller's transaction.
 */
export async function createAccount(
  db: Db,
  input: Omit<NewAccount, 'username' | 'domainId'>,
  domain: AccountDomain,
): Promise<AccountRow> {
  if (await isEmailTaken(db, input.email))
    throw badRequest(EMAIL_TAKEN_MESSAGE, { email: EMAIL_TAKEN_MESSAGE });
  return insertAccount(db, { ...input, username: input.email, domainId: await resolveDomain(db, domain) });
}

/** Inserts an account and its role row in the caller's transaction (seed and test factories too). */
export async function insertAccount(db: Db, input: NewAccount): Promise<AccountRow> {
  const {
    salesRepId = null,
    salesManagerId = null,
    salesDistributorId = null,
    processingLabId = null,
    ...rest
  } = input;
  const userValues = Object.fromEntries(
    Object.entries(rest).filter(([key]) => !(PATIENT_RECORD_KEYS as readonly string[]).includes(key)),
  ) as UserInsert;
  const [user] = await db.insert(users).values(userValues).returning({ id: users.id });
  const membershipId = input.membershipId;
  switch (membershipId) {
    case MEMBERSHIP.patient:
      await db
        .insert(patientAccounts)
        .values({ ...pickPatientRecord(input), userId: user.id, membershipId, salesRepId, processingLabId });
      break;
    case MEMBERSHIP.harvestCenter:
    case MEMBERSHIP.referralHarvestCenter:
      await db.insert(centerAccounts).values({
        userId: user.id,
        membershipId,
        salesRepId,
        processingLabId: membershipId === MEMBERSHIP.harvestCenter ? processingLabId : null,
      });
      break;
    case MEMBERSHIP.salesRep:
      await db.insert(salesAccounts).values({ userId: user.id, membershipId, salesManagerId });
      break;
    case MEMBERSHIP.salesManager:
      await db.insert(salesAccounts).values({ userId: user.id, membershipId, salesDistributorId });
      break;
    case MEMBERSHIP.lab:
    case MEMBERSHIP.labRouteAccess:
      await db.insert(labAccounts).values({ userId: user.id, membershipId, processingLabId });
      break;
  }
  const account = await findAccountById(db, user.id);
  if (!account) throw new Error(`account ${user.id} vanished`);
  return account;
}

/** Writes a patient's lab record and links (centers, rep, lab, sample id, lab tracking). */
export async function updatePatientRecord(db: Db, patientId: number, changes: PatientRecordChanges) {
  const record = pickPatientRecord(changes);
  if (Object.keys(record).length === 0) return;
  await db.update(patientAccounts).set(record).where(eq(patientAccounts.userId, patientId));
}

/**
 * Moves a patient's vial totals by a delta in one statement, refusing (no row returned) when a
 * total would drop below 0. The row lock the UPDATE takes, and PostgreSQL re-checking the WHERE
 * on the latest row version after waiting for it, make concurrent movements add up exactly.
 */
export async function adjustVialTotals(
  db: Db,
  patientId: number,
  delta: { available: number; shipped: number },
): Promise<{ vialsAvailable: number; vialsShipped: number } | undefined> {
  const [row] = await db
    .update(patientAccounts)
    .set({
      vialsAvailable: sql`${patientAccounts.vialsAvailable} + ${delta.available}`,
      vialsShipped: sql`${patientAccounts.vialsShipped} + ${delta.shipped}`,
    })
    .where(
      and(
        eq(patientAccounts.userId, patientId),
        sql`${patientAccounts.vialsAvailable} + ${delta.available} >= 0`,
        sql`${patientAccounts.vialsShipped} + ${delta.shipped} >= 0`,
      ),
    )
    .returning({
      vialsAvailable: patientAccounts.vialsAvailable,
      vialsShipped: patientAccounts.vialsShipped,
    });
  return row;
}

export type SalesLinkField = 'saless_rep_id' | 'sales_manager_id' | 'sales_distributor_id';

const UPLINE: Record<SalesLinkField, { membership: number; label: string }> = {
  saless_rep_id: { membership: MEMBERSHIP.salesRep, label: 'sales rep' },
  sales_manager_id: { membership: MEMBERSHIP.salesManager, label: 'sales manager' },
  sales_distributor_id: { membership: MEMBERSHIP.salesDistributor, label: 'sales distributor' },
};

/** The upline must be an active account of the right kind; a 400 on the field otherwise. */
async function requireActiveUpline(db: Db, field: SalesLinkField, id: number): Promise<void> {
  const { membership, label } = UPLINE[field];
  const [upline] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.membershipId, membership), eq(users.isActive, true)))
    .limit(1);
  if (!upline) throw badRequest(`Choose an active ${label}.`, { [field]: `Choose an active ${label}.` });
}

/**
 * Sets one link of the sales chain on an account: a patient's or center's rep, a rep's manager,
 * a manager's distributor. Whoever follows the account (a rep's centers and patients, a manager's
 * reps) follows the change, because the chain is read through the links (account-view.repository.ts).
 */
export async function setSalesLink(
  db: Db,
  account: { id: number; membershipId: number },
  field: SalesLinkField,
  uplineId: number | null,
): Promise<void> {
  if (uplineId !== null) await requireActiveUpline(db, field, uplineId);
  switch (field) {
    case 'saless_rep_id':
      if (account.membershipId === MEMBERSHIP.patient) {
        await db
          .update(patientAccounts)
          .set({ salesRepId: uplineId })
          .where(eq(patientAccounts.userId, account.id));
      } else {
        await db
          .update(centerAccounts)
          .set({ salesRepId: uplineId })
          .where(eq(centerAccounts.userId, account.id));
      }
      return;
    case 'sales_manager_id':
      await db
        .update(salesAccounts)
        .set({ salesManagerId: uplineId })
        .where(
          and(eq(salesAccounts.userId, account.id), eq(salesAccounts.membershipId, MEMBERSHIP.salesRep)),
        );
      return;
    case 'sales_distributor_id':
      await db
        .update(salesAccounts)
        .set({ salesDistributorId: uplineId })
        .where(
          and(eq(salesAccounts.userId, account.id), eq(salesAccounts.membershipId, MEMBERSHIP.salesManager)),
        );
      return;
  }
}

export async function linkStaffToHarvestCenter(db: Db, staffId: number, harvestCenterId: number) {
  await db.insert(hcStaffLinks).values({ staffId, harvestCenterId }).onConflictDoNothing();
}

export async function linkRhcToHarvestCenter(db: Db, rhcId: number, harvestCenterId: number) {
  await db.insert(rhcHcLinks).values({ rhcId, harvestCenterId }).onConflictDoNothing();
}

/** The two kinds of account linked to a set of harvest centers, and where the links live. */
const CENTER_LINKS = {
  rhc: {
    table: rhcHcLinks,
    owner: rhcHcLinks.rhcId,
    center: rhcHcLinks.harvestCenterId,
    membershipId: MEMBERSHIP.referralHarvestCenter,
    field: 'rhc_hc_ids',
    missing: 'This referral harvest center does not exist.',
  },
  staff: {
    table: hcStaffLinks,
    owner: hcStaffLinks.staffId,
    center: hcStaffLinks.harvestCenterId,
    membershipId: MEMBERSHIP.hcStaff,
    field: 'staff_hc_ids',
    missing: 'This HC staff member does not exist.',
  },
} as const;
export type CenterLinkKind = keyof typeof CENTER_LINKS;

/**
 * Replaces the set of HCs an RHC is associated with, or a staff member works for, in the caller's
 * transaction. Every id it adds must be an active harvest center (a 400 on rhc_hc_ids or
 * staff_hc_ids naming the bad ones). The owner's row is locked so two saves of one account apply
 * one after the other. What was done through a removed link stays (patients referred, sales made).
 */
export async function replaceHarvestCenterLinks(
  db: Db,
  kind: CenterLinkKind,
  ownerId: number,
  harvestCenterIds: number[],
) {
  const link = CENTER_LINKS[kind];
  const [owner] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, ownerId), eq(users.membershipId, link.membershipId)))
    .for('update');
  if (!owner) throw notFound(link.missing);
  const wanted = [...new Set(harvestCenterIds)];
  if (wanted.length > 0) {
    // An HC deactivated since it was linked may stay (the dialog sends the set back as it was);
    // only a new link needs an active HC.
    const kept = await db
      .select({ id: link.center })
      .from(link.table)
      .where(and(eq(link.owner, ownerId), inArray(link.center, wanted)));
    const keptIds = new Set(kept.map((r) => r.id));
    const added = wanted.filter((id) => !keptIds.has(id));
    const found =
      added.length === 0
        ? []
        : await db
            .select({ id: users.id })
            .from(users)
            .where(
              and(
                inArray(users.id, added),
                eq(users.membershipId, MEMBERSHIP.harvestCenter),
                eq(users.isActive, true),
              ),
            );
    const active = new Set(found.map((r) => r.id));
    const unknown = added.filter((id) => !active.has(id));
    if (unknown.length > 0) {
      const message = `Not an active harvest center: ${unknown.join(', ')}.`;
      throw badRequest(message, { [link.field]: message });
    }
  }
  const removed = await db
    .delete(link.table)
    .where(and(eq(link.owner, ownerId), wanted.length > 0 ? notInArray(link.center, wanted) : undefined))
    .returning({ harvestCenterId: link.center });
  if (kind === 'staff') {
    await endStaffAccessSessions(
      db,
      ownerId,
      removed.map((r) => r.harvestCenterId),
    );
  }
  if (wanted.length > 0) {
    const inserted =
      kind === 'rhc'
        ? db.insert(rhcHcLinks).values(wanted.map((harvestCenterId) => ({ rhcId: ownerId, harvestCenterId })))
        : db
            .insert(hcStaffLinks)
            .values(wanted.map((harvestCenterId) => ({ staffId: ownerId, harvestCenterId })));
    await inserted.onConflictDoNothing();
  }
}

/**
 * The "Access to this HC" sessions a staff member opened into these centers: they rode on the links
 * that are going, so they end with them, at once (in every process: session-revocation.ts).
 */
async function endStaffAccessSessions(db: Db, staffId: number, harvestCenterIds: number[]) {
  if (harvestCenterIds.length === 0) return;
  await revokeSessionsWhere(
    db,
    and(
      eq(authTokens.kind, 'staff_access'),
      eq(authTokens.actorUserId, staffId),
      inArray(authTokens.userId, harvestCenterIds),
    ),
  );
}

/** Ends one staff member's link to one harvest center, and its sessions there; false when there was none. */
export async function unlinkStaffFromHarvestCenter(db: Db, staffId: number, harvestCenterId: number) {
  const removed = await db
    .delete(hcStaffLinks)
    .where(and(eq(hcStaffLinks.staffId, staffId), eq(hcStaffLinks.harvestCenterId, harvestCenterId)))
    .returning({ staffId: hcStaffLinks.staffId });
  if (removed.length > 0) await endStaffAccessSessions(db, staffId, [harvestCenterId]);
  return removed.length > 0;
}

/**
 * Sets a harvest center's logo (center_accounts.logo_key) in the caller's transaction and returns
 * the key it replaces (null for none), read under the row's lock so that of two uploads at once
 * each learns the file it replaced.
 */
export async function replaceCenterLogoKey(
  db: Db,
  centerId: number,
  logoKey: string,
): Promise<string | null> {
  const [row] = await db
    .select({ logoKey: centerAccounts.logoKey })
    .from(centerAccounts)
    .where(eq(centerAccounts.userId, centerId))
    .for('update');
  await db.update(centerAccounts).set({ logoKey }).where(eq(centerAccounts.userId, centerId));
  return row?.logoKey ?? null;
}

/**
 * Records on a harvest-center-type account (4, 9) the attestation it signed: `template_id` (the
 * template its patients' attestations are made from, part 1 §4: the profile stops offering "Sign
 * Attestation Document") and `document_id` (the signed document). Written here because accounts is
 * the only writer of users (docs/decisions/007); called by the documents module when such a
 * signing completes.
 */
export async function recordSignedAttestation(
  db: Db,
  userId: number,
  input: { templateId: string; documentId: string },
): Promise<void> {
  await db
    .update(users)
    .set({ templateId: input.templateId, documentId: input.documentId })
    .where(eq(users.id, userId));
}

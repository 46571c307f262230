import { formatDisplayDate, formatSpreadsheetDateTime } from '@portal/shared/dates';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { type TUserFilters, USER_CSV_COLUMNS } from '@portal/shared/users';
import type { Db } from '../../db/client.ts';
import { csvLine } from '../../exports/csv.ts';
import { selectUsersAfter } from './user-list.repository.ts';
import { membershipName } from './user-view.ts';
import { toUserWithRelations, type UserWithRelations } from './users.repository.ts';

export const CSV_BATCH_SIZE = 1000;

/** A calendar day in the one date format ('12 Mar 2026'), empty when missing. */
const day = (isoDate: string | null) => formatDisplayDate(isoDate, '');

/**
 * One user as a row of USER_CSV_COLUMNS (part 1 §3 "CSV export of users"). Dates in the one date
 * format, the day joined with its UTC time ('12 Mar 2026 14:05'): spreadsheets read both as dates.
 */
export function userCsvRow({ user, staffHcIds }: UserWithRelations): Array<string | number | null> {
  const row = [
    user.id,
    `${user.firstName} ${user.lastName}`.trim(),
    user.email,
    formatSpreadsheetDateTime(user.dateJoined),
    user.company,
    user.phoneNumber,
    membershipName(user.membershipId),
    user.isActive ? 'Yes' : 'No',
    day(user.dateAdiposeShippedToLab),
    day(user.dateAdiposeReceivedByLab),
    day(user.estimatedDateVialsReadyToShip),
    day(user.dateVialsReadyToShip),
    day(user.stemcellPlatingInitiatedDate),
    user.vialsAvailable,
    user.vialsShipped,
    user.vialsPreparation,
    user.vialsReadyShip,
    user.address1,
    user.address2,
    user.city,
    user.stateDesc,
    user.countryDesc,
    user.zipCode,
    user.documentId,
    user.templateId,
    user.salesRepId,
    user.salesManagerId,
    user.labSampleId,
    user.salesDistributorId,
    staffHcIds.join(' '),
    user.authCustomerProfileId,
    user.authCustomerPaymentProfileId,
  ];
  if (row.length !== USER_CSV_COLUMNS.length) throw new Error('CSV row does not match its header');
  return row;
}

/**
 * The export as a stream of text chunks: the header, then one chunk per keyset batch of users,
 * so memory stays flat whatever the number of users. A UTF-8 BOM lets spreadsheet programs read
 * accented names correctly. The first batch is read before anything is sent: a query that fails
 * gives an error answer, not a 200 that breaks off after the header.
 */
export async function openUsersCsv(
  db: Db,
  filters: TUserFilters,
  /** Called with the patients of each batch before it is sent (the listing's audit rows). */
  beforeBatch: (patientIds: number[]) => Promise<void>,
  batchSize = CSV_BATCH_SIZE,
): Promise<AsyncGenerator<string>> {
  const firstBatch = await selectUsersAfter(db, filters, 0, batchSize);
  // The first batch's patients are recorded before anything is sent: a failure answers with an error.
  await beforeBatch(patientIdsOf(firstBatch));
  return usersCsvChunks(db, filters, firstBatch, beforeBatch, batchSize);
}

type UserBatch = Awaited<ReturnType<typeof selectUsersAfter>>;

const patientIdsOf = (rows: UserBatch) =>
  rows.filter((row) => row.user.membershipId === MEMBERSHIP.patient).map((row) => row.user.id);

async function* usersCsvChunks(
  db: Db,
  filters: TUserFilters,
  firstBatch: UserBatch,
  beforeBatch: (patientIds: number[]) => Promise<void>,
  batchSize: number,
): AsyncGenerator<string> {
  yield `\uFEFF${csvLine([...USER_CSV_COLUMNS])}`;
  let rows = firstBatch;
  for (let first = true; ; first = false) {
    if (rows.length === 0) return;
    if (!first) await beforeBatch(patientIdsOf(rows));
    yield rows.map((row) => csvLine(userCsvRow(toUserWithRelations(row)))).join('');
    if (rows.length < batchSize) return;
    rows = await selectUsersAfter(db, filters, rows[rows.length - 1].user.id, batchSize);
  }
}

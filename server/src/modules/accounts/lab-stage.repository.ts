import type { TLabStage } from '@portal/shared/patients';
import { sql } from 'drizzle-orm';
import { patientAccounts } from '../../db/schema/account-links.ts';

/**
 * A patient's lab stage in SQL; the same rule as patientLabStage() in shared/src/patients.ts. Here
 * because the patient lists filter by it and the dashboards count by it.
 */
export const labStageSql = sql<TLabStage>`CASE
  WHEN ${patientAccounts.vialsAvailable} > 0 THEN 'vials'
  WHEN ${patientAccounts.vialsShipped} > 0 THEN 'all_shipped'
  WHEN ${patientAccounts.dateVialsReadyToShip} IS NOT NULL THEN 'ready'
  WHEN ${patientAccounts.stemcellPlatingInitiatedDate} IS NOT NULL THEN 'plating'
  WHEN ${patientAccounts.dateAdiposeReceivedByLab} IS NOT NULL THEN 'received_by_lab'
  WHEN ${patientAccounts.dateAdiposeShippedToLab} IS NOT NULL THEN 'shipped_to_lab'
  ELSE 'registered' END`;

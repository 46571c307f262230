import type { TLabTracking } from '@portal/shared/lab-tracking';
import type { AccountRow } from './account-view.repository.ts';

/** Parts of an account as the API writes them, shared by every route that shows them. */

type LabTrackingColumns = Pick<
  AccountRow,
  | 'numberTimesQcDone'
  | 'dateAdiposeShippedToLab'
  | 'dateAdiposeReceivedByLab'
  | 'estimatedDateVialsReadyToShip'
  | 'estimatedDateSetManually'
  | 'dateVialsReadyToShip'
  | 'stemcellPlatingInitiatedDate'
  | 'stemcellPlatingSuccessful'
  | 'hlaTypingTest'
  | 'vialsPreparation'
  | 'vialsReadyShip'
  | 'vialsAvailable'
  | 'vialsShipped'
>;

/** The lab-tracking fields of an account, as every API that shows them writes them. */
export function toLabTrackingJson(u: LabTrackingColumns): TLabTracking {
  return {
    number_times_qc_done: u.numberTimesQcDone,
    date_adipose_shipped_to_lab: u.dateAdiposeShippedToLab,
    date_adipose_received_by_lab: u.dateAdiposeReceivedByLab,
    estimated_date_vials_ready_to_ship: u.estimatedDateVialsReadyToShip,
    estimated_date_set_manually: u.estimatedDateSetManually,
    date_vials_ready_to_ship: u.dateVialsReadyToShip,
    stemcell_plating_initiated_date: u.stemcellPlatingInitiatedDate,
    stemcell_plating_successful: u.stemcellPlatingSuccessful,
    hla_typing_test: u.hlaTypingTest,
    vials_preparation: u.vialsPreparation,
    vials_ready_ship: u.vialsReadyShip,
    vials_available: u.vialsAvailable,
    vials_shipped: u.vialsShipped,
  };
}

/** A sales rep as the lists describe it (`sales_rep_desc`), from the rep columns joined to a row. */
export function salesRepDesc(
  salesRepId: number | null,
  rep: { repFirstName: string | null; repLastName: string | null; repEmail: string | null },
) {
  return salesRepId === null || rep.repEmail === null
    ? null
    : {
        id: salesRepId,
        first_name: rep.repFirstName ?? '',
        last_name: rep.repLastName ?? '',
        email: rep.repEmail,
      };
}

import type { TDashboardSummary } from '@portal/shared/dashboard';
import { MEMBERSHIP } from '@portal/shared/memberships';
import type { Actor } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../errors/app-error.ts';
import {
  countHarvestCentersOfStaff,
  countStaffOfHarvestCenter,
  countVisibleCenters,
  countVisiblePatientsByStage,
  countVisibleReferredPatients,
  countVisibleSalesPeople,
  findOwnStageAndVials,
} from '../accounts/account-counts.repository.ts';
import { isLabAccount } from '../accounts/roles.ts';
import { countFailedMail, countInactiveUsers } from './dashboard.repository.ts';

/**
 * The summary of the caller's dashboard, by its first membership. Patients are counted inside the
 * caller's patientScope, centers and sales people inside their scopes: the lists' own policy, so a
 * dashboard never counts what its lists would not show.
 */
export async function getDashboardSummary(db: Db, actor: Actor): Promise<TDashboardSummary> {
  const patients = () => countVisiblePatientsByStage(db, actor);
  if (actor.isAdmin) {
    return {
      kind: 'admin',
      patients: await patients(),
      inactive_users: await countInactiveUsers(db, actor.domainId),
      failed_mail: await countFailedMail(db, actor.domainId),
    };
  }
  if (isLabAccount(actor)) {
    return {
      kind: 'lab',
      patients: await patients(),
      harvest_centers: await countVisibleCenters(db, actor, 'hc'),
    };
  }
  switch (actor.membershipId) {
    case MEMBERSHIP.patient: {
      const own = await findOwnStageAndVials(db, actor.id);
      return {
        kind: 'patient',
        lab_stage: own?.stage ?? 'registered',
        vials_available: own?.available ?? 0,
        vials_shipped: own?.shipped ?? 0,
      };
    }
    case MEMBERSHIP.harvestCenter:
      return {
        kind: 'harvest_center',
        patients: await patients(),
        // The HC's /referral-patients: those of its patients a referral center sent.
        referral_patients: await countVisibleReferredPatients(db, actor),
        staff: await countStaffOfHarvestCenter(db, actor.id),
      };
    case MEMBERSHIP.referralHarvestCenter:
      return { kind: 'referral_harvest_center', patients: await patients() };
    case MEMBERSHIP.hcStaff:
      return {
        kind: 'hc_staff',
        patients: await patients(),
        harvest_centers: await countHarvestCentersOfStaff(db, actor.id),
      };
    case MEMBERSHIP.salesRep:
      return {
        kind: 'sales_rep',
        patients: await patients(),
        harvest_centers: await countVisibleCenters(db, actor, 'hc'),
        referral_harvest_centers: await countVisibleCenters(db, actor, 'rhc'),
      };
    case MEMBERSHIP.salesManager:
      return {
        kind: 'sales_manager',
        patients: await patients(),
        sales_reps: await countVisibleSalesPeople(db, actor, 'rep'),
      };
    case MEMBERSHIP.salesDistributor:
      return {
        kind: 'sales_distributor',
        patients: await patients(),
        sales_managers: await countVisibleSalesPeople(db, actor, 'manager'),
        sales_reps: await countVisibleSalesPeople(db, actor, 'rep'),
      };
    default:
      // Every membership is handled above; an unknown one is refused rather than shown everything.
      throw forbidden();
  }
}

import { MEMBERSHIP } from '@portal/shared/memberships';
import { inheritedSalesRepId } from '@portal/shared/patients';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../errors/app-error.ts';
import { findAccount } from './account-view.repository.ts';
import { isRhcAssociatedWithHc } from './center-links.repository.ts';
import { findProcessingLab } from './lookups.repository.ts';

const HC_NOT_FOUND = 'Select an existing harvest center.';
const RHC_NOT_FOUND = 'Select an existing referral harvest center.';
const RHC_NOT_ASSOCIATED = 'This referral harvest center is not associated with the harvest center.';
const LAB_NOT_FOUND = 'Select an existing processing lab.';

type CenterKind = 'hc' | 'rhc';
type CenterState = { changed: boolean; id: number | null; salesRepId: number | null; labId: number | null };

async function centerState(
  db: Db,
  kind: CenterKind,
  currentId: number | null,
  nextId: number | null | undefined,
): Promise<CenterState> {
  const changed = nextId !== undefined && nextId !== currentId;
  const id = changed ? (nextId ?? null) : currentId;
  if (id === null) return { changed, id, salesRepId: null, labId: null };
  const membership = kind === 'hc' ? MEMBERSHIP.harvestCenter : MEMBERSHIP.referralHarvestCenter;
  const center = await findAccount(db, id, [membership]);
  if (changed && !center?.isActive) {
    const [field, message] =
      kind === 'hc'
        ? ['harvest_center_temporal', HC_NOT_FOUND]
        : ['referral_harvest_center_temporal', RHC_NOT_FOUND];
    throw badRequest(message, { [field]: message });
  }
  // An unchanged center is read as it is (even if since deactivated), only for its rep.
  return { changed, id, salesRepId: center?.salesRepId ?? null, labId: center?.processingLabId ?? null };
}

export type PatientCentersChange = {
  harvestCenterId?: number | null;
  referralHarvestCenterId?: number | null;
  processingLabId?: number | null;
};

/**
 * The links a patient gets from its centers: each named center must exist and be active; whenever
 * either center changes, the RHC must be associated with the patient's HC (rhc_hc_links), whoever
 * names it; the rep follows the centers (shared inheritedSalesRepId: undefined when neither center
 * changed); a named processing lab must exist. When the HC changes and the request names no other
 * lab than the current one, the tissue goes to the new HC's lab (`processingLabId`), so the old lab
 * no longer sees the patient. `centerLabId` is the lab of the resulting HC, for a new patient.
 */
export async function resolvePatientLinks(
  db: Db,
  current: {
    harvestCenterId: number | null;
    referralHarvestCenterId: number | null;
    processingLabId: number | null;
  },
  next: PatientCentersChange,
) {
  const hc = await centerState(db, 'hc', current.harvestCenterId, next.harvestCenterId);
  const rhc = await centerState(db, 'rhc', current.referralHarvestCenterId, next.referralHarvestCenterId);
  if (
    (hc.changed || rhc.changed) &&
    hc.id !== null &&
    rhc.id !== null &&
    !(await isRhcAssociatedWithHc(db, rhc.id, hc.id))
  ) {
    throw badRequest(RHC_NOT_ASSOCIATED, { referral_harvest_center_temporal: RHC_NOT_ASSOCIATED });
  }
  const lab = next.processingLabId;
  const labNamed = lab !== undefined && lab !== current.processingLabId;
  if (labNamed && lab !== null && !(await findProcessingLab(db, lab))) {
    throw badRequest(LAB_NOT_FOUND, { processing_lab: LAB_NOT_FOUND });
  }
  return {
    harvestCenterId: hc.id,
    referralHarvestCenterId: rhc.id,
    salesRepId: inheritedSalesRepId(hc, rhc),
    processingLabId: labNamed ? lab : hc.changed ? hc.labId : current.processingLabId,
    centerLabId: hc.labId,
  };
}

import { MEMBERSHIP } from '@portal/shared/memberships';
import { inheritedSalesRepId } from '@portal/shared/patients';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { findAccount } from './account-view.ts';
import { isRhcAssociatedWithHc } from './account-writes.ts';
import { findProcessingLab } from './lookups.ts';

const HC_NOT_FOUND = 'Select an existing harvest center.';
const RHC_NOT_FOUND = 'Select an existing referral harvest center.';
const RHC_NOT_ASSOCIATED = 'This referral harvest center is not associated with your harvest center.';
const LAB_NOT_FOUND = 'Select an existing processing lab.';

type CenterKind = 'hc' | 'rhc';
type CenterState = { changed: boolean; id: number | null; salesRepId: number | null; labId: number | null };

async function centerState(
  db: Db,
  kind: CenterKind,
  currentId: number | null,
  nextId: number | null | undefined,
  rhcMustBeAssociatedWith: number | undefined,
): Promise<CenterState> {
  const changed = nextId !== undefined && nextId !== currentId;
  const id = changed ? (nextId ?? null) : currentId;
  if (id === null) return { changed, id, salesRepId: null, labId: null };
  const membership = kind === 'hc' ? MEMBERSHIP.harvestCenter : MEMBERSHIP.referralHarvestCenter;
  const center = await findAccount(db, id, [membership]);
  if (changed) {
    if (!center?.isActive) {
      const [field, message] =
        kind === 'hc'
          ? ['harvest_center_temporal', HC_NOT_FOUND]
          : ['referral_harvest_center_temporal', RHC_NOT_FOUND];
      throw badRequest(message, { [field]: message });
    }
    if (
      kind === 'rhc' &&
      rhcMustBeAssociatedWith !== undefined &&
      !(await isRhcAssociatedWithHc(db, id, rhcMustBeAssociatedWith))
    ) {
      throw badRequest(RHC_NOT_ASSOCIATED, { referral_harvest_center_temporal: RHC_NOT_ASSOCIATED });
    }
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
 * The links a patient gets from its centers: each named center must exist and be active (an RHC
 * must be associated with `rhcMustBeAssociatedWith` when given, for an HC naming one); the rep
 * follows the centers (shared inheritedSalesRepId: undefined when neither center changed); a named
 * processing lab must exist. `centerLabId` is the lab of the resulting HC, for a new patient's default.
 */
export async function resolvePatientLinks(
  db: Db,
  current: {
    harvestCenterId: number | null;
    referralHarvestCenterId: number | null;
    processingLabId: number | null;
  },
  next: PatientCentersChange,
  options: { rhcMustBeAssociatedWith?: number } = {},
) {
  const hc = await centerState(db, 'hc', current.harvestCenterId, next.harvestCenterId, undefined);
  const rhc = await centerState(
    db,
    'rhc',
    current.referralHarvestCenterId,
    next.referralHarvestCenterId,
    options.rhcMustBeAssociatedWith,
  );
  const lab = next.processingLabId;
  if (lab != null && lab !== current.processingLabId && !(await findProcessingLab(db, lab))) {
    throw badRequest(LAB_NOT_FOUND, { processing_lab: LAB_NOT_FOUND });
  }
  return {
    harvestCenterId: hc.id,
    referralHarvestCenterId: rhc.id,
    salesRepId: inheritedSalesRepId(hc, rhc),
    centerLabId: hc.labId,
  };
}

import { HC_LOGO_FIELD, HC_LOGO_TEXTS, type THcLogoResponse } from '@portal/shared/hc-profile';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { identityOf, recordAudit } from '../../audit-chain/audit-log.ts';
import type { Actor, RequestContext } from '../../auth/actor.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../errors/app-error.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { normalizedLogo } from '../../storage/logo-image.ts';
import { findAccount } from '../accounts/account-view.repository.ts';
import { replaceCenterLogoKey } from '../accounts/account-writes.repository.ts';
import { CENTER_LOGOS, logoUrl } from '../accounts/center-logo.ts';
import { assertAdminReaches } from '../accounts/lookups.ts';

/** Whose logo a caller sets: an HC its own (its staff through staff access), admins any HC's. */
function logoCenterId(actor: Actor, requested: number | undefined): number {
  if (actor.isAdmin) {
    if (requested === undefined) throw badRequest('Choose the harvest center whose logo this is.');
    return requested;
  }
  if (
    actor.membershipId !== MEMBERSHIP.harvestCenter ||
    (requested !== undefined && requested !== actor.id)
  ) {
    throw forbidden('You can change only your own logo.');
  }
  return actor.id;
}

/** POST /api/v1/utilities/upload-hc-logo/: stores the new logo and drops the old one. */
export async function setHarvestCenterLogo(
  deps: { db: Db; storage: FileStorage },
  actor: Actor,
  input: { bytes: Buffer; harvestCenterId?: number },
  context: RequestContext,
): Promise<THcLogoResponse> {
  const centerId = logoCenterId(actor, input.harvestCenterId);
  await assertAdminReaches(deps.db, actor, centerId);
  if (!(await findAccount(deps.db, centerId, [MEMBERSHIP.harvestCenter]))) {
    throw notFound('Harvest center not found.');
  }
  const png = await normalizedLogo(input.bytes, HC_LOGO_FIELD);
  const key = CENTER_LOGOS.newKey('png');
  await deps.storage.put(key, png, { contentType: 'image/png' });
  let previous: string | null = null;
  try {
    await deps.db.transaction(async (tx) => {
      previous = await replaceCenterLogoKey(tx, centerId, key);
      await recordAudit(tx, identityOf(actor, context), {
        action: 'hc_profile.logo_updated',
        targetUserId: centerId,
        detail: { bytes: png.length },
      });
    });
  } catch (error) {
    await deps.storage.delete(key).catch(() => {});
    throw error;
  }
  if (previous) await deps.storage.delete(previous).catch(() => {});
  return { success: true, message: HC_LOGO_TEXTS.updated, logo_url: logoUrl(key) };
}

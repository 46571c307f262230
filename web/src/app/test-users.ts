import { MEMBERSHIP, VIAL_CHECKOUT_TAG_ID } from '@portal/shared/memberships';
import { userOf } from '../lib/test-session-users.ts';

/** The demo accounts of the seed (server/src/seed/demo-seed.ts), and a white-label domain's admin. */
export const DEMO_USERS = {
  admin: userOf(MEMBERSHIP.admin, { is_superuser: true }),
  whiteLabelAdmin: userOf(MEMBERSHIP.admin, { domain_id: 1 }),
  lab: userOf(MEMBERSHIP.lab),
  patient: userOf(MEMBERSHIP.patient, { tags: [VIAL_CHECKOUT_TAG_ID] }),
  hc: userOf(MEMBERSHIP.harvestCenter),
  rhc: userOf(MEMBERSHIP.referralHarvestCenter),
  staff: userOf(MEMBERSHIP.hcStaff),
  rep: userOf(MEMBERSHIP.salesRep),
  manager: userOf(MEMBERSHIP.salesManager),
  distributor: userOf(MEMBERSHIP.salesDistributor),
} as const;
export type DemoUser = keyof typeof DEMO_USERS;

import type { TSessionUser } from '@portal/shared/auth';
import { MEMBERSHIP, type MembershipId, VIAL_CHECKOUT_TAG_ID } from '@portal/shared/memberships';

/** A signed-in user of one membership, for the unit tests of the menu and the route guards. */
export function userOf(membership: MembershipId, overrides: Partial<TSessionUser> = {}): TSessionUser {
  return {
    id: 1,
    email: 'someone@example.com',
    username: 'someone',
    first_name: 'Some',
    last_name: 'One',
    company: '',
    phone_number: '',
    saless_rep_id: null,
    template_id: '',
    subscription: membership,
    membership: [{ id: membership, name: 'x' }],
    harvest_center_temporal: null,
    tags: [],
    is_superuser: false,
    agreement_accepted: true,
    logo_url: null,
    domain_id: null,
    ...overrides,
  };
}

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

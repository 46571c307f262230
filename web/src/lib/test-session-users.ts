import type { TSessionUser } from '@portal/shared/auth';
import type { MembershipId } from '@portal/shared/memberships';

/** A signed-in user of one membership, for unit tests (the menu, the route guards, the checkout's rules). */
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

/** Account types (membership / subscription ids) of part 1 §1. */
export const MEMBERSHIP = {
  lab: 1,
  patient: 2,
  salesRep: 3,
  harvestCenter: 4,
  referralHarvestCenter: 5,
  salesManager: 6,
  admin: 7,
  salesDistributor: 8,
  hcStaff: 9,
  /** A second admin type of the original client, treated like Admin (7) everywhere (part 1 §1). */
  adminEquivalent: 10,
  labRouteAccess: 11,
} as const;

export type MembershipId = (typeof MEMBERSHIP)[keyof typeof MEMBERSHIP];

export const MEMBERSHIP_NAMES: Record<MembershipId, string> = {
  1: 'Lab',
  2: 'General Member',
  3: 'Sales Rep',
  4: 'Harvest Center',
  5: 'Referral Harvest Center',
  6: 'Sales Manager',
  7: 'Admin',
  8: 'Sales Distributor',
  9: 'HC Staff',
  10: 'Admin',
  11: 'Lab Access',
};

export const ALL_MEMBERSHIPS = Object.keys(MEMBERSHIP_NAMES).map(Number) as MembershipId[];
export const ADMIN_MEMBERSHIPS: readonly MembershipId[] = [MEMBERSHIP.admin, MEMBERSHIP.adminEquivalent];
/** Memberships 4 and 9 are harvest-center types in profile and label screens. */
export const HC_TYPE_MEMBERSHIPS: readonly MembershipId[] = [MEMBERSHIP.harvestCenter, MEMBERSHIP.hcStaff];
/** Lab account types: 1 Lab and 11 Lab Access. */
export const LAB_MEMBERSHIPS: readonly MembershipId[] = [MEMBERSHIP.lab, MEMBERSHIP.labRouteAccess];
/**
 * Who may open the lab views (/lab/:id?, /lab/:lab_id/harvest-center/:harvestcenter_id) and their
 * API: the spec's guard (4, 11) plus the Lab type the screen is named after and the admins
 * (docs/decisions/004-lab-route-access.md). The server narrows what each of them sees.
 */
export const LAB_VIEW_MEMBERSHIPS: readonly MembershipId[] = [
  ...ADMIN_MEMBERSHIPS,
  MEMBERSHIP.lab,
  MEMBERSHIP.labRouteAccess,
  MEMBERSHIP.harvestCenter,
];

export function isMembershipId(value: number): value is MembershipId {
  return value in MEMBERSHIP_NAMES;
}

export function isAdminMembership(id: number): boolean {
  return (ADMIN_MEMBERSHIPS as readonly number[]).includes(id);
}

/**
 * Who buys, keeps saved cards and locations (part 2 §6): HCs (and their staff acting as them), RHCs,
 * and patients, the last only with the vial-checkout tag (checked per account, not by membership).
 */
export const BUYER_MEMBERSHIPS: readonly MembershipId[] = [
  MEMBERSHIP.harvestCenter,
  MEMBERSHIP.referralHarvestCenter,
  MEMBERSHIP.patient,
];

/** Tag id 1 enables vial checkout (part 1 §9). */
export const VIAL_CHECKOUT_TAG_ID = 1;

/**
 * Who reads a patient's timeline: the patient, its harvest center and the center's staff, its lab
 * and admins (each only for its own patients). Sales roles and referral centers do not.
 */
export const TIMELINE_READER_MEMBERSHIPS: readonly MembershipId[] = [
  ...ADMIN_MEMBERSHIPS,
  ...LAB_MEMBERSHIPS,
  MEMBERSHIP.patient,
  MEMBERSHIP.harvestCenter,
  MEMBERSHIP.hcStaff,
];

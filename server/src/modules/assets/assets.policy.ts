import type { ScopeActor } from '../accounts/roles.ts';

/** Part 2 §6: an asset is for the account types it names; admins manage and see every one. */
export function mayReadAsset(actor: ScopeActor, asset: { membershipIds: number[] }): boolean {
  return actor.isAdmin || asset.membershipIds.includes(actor.membershipId);
}

/** The resource center of an account type: that type's own users, and admins. */
export function mayReadMembershipAssets(actor: ScopeActor, membershipId: number): boolean {
  return actor.isAdmin || actor.membershipId === membershipId;
}

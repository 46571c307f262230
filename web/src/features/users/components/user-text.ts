import type { TUser } from '@portal/shared/users';

export function fullName(user: Pick<TUser, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

export function membershipOf(user: Pick<TUser, 'membership'>): string {
  return user.membership[0]?.name ?? '';
}

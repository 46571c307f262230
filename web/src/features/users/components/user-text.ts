import type { TUser } from '@portal/shared/users';

export function fullName(user: Pick<TUser, 'first_name' | 'last_name'>): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

export function membershipOf(user: Pick<TUser, 'membership'>): string {
  return user.membership[0]?.name ?? '';
}

/** An instant as the UTC day and time the spec asks for ('2026-03-01 14:05 UTC'), or 'N/A'. */
export function formatUtc(iso: string | null): string {
  if (!iso) return 'N/A';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return 'N/A';
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The UTC day of an instant, for table cells. */
export function formatUtcDay(iso: string | null): string {
  return iso ? iso.slice(0, 10) : 'N/A';
}

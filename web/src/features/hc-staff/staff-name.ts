import type { TStaffMember } from '@portal/shared/hc-staff';

/** A staff member as the lists and dialogs name them: full name, or the e-mail without one. */
export const staffName = (staff: Pick<TStaffMember, 'first_name' | 'last_name' | 'email'>) =>
  `${staff.first_name} ${staff.last_name}`.trim() || staff.email;

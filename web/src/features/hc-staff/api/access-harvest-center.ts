import type { TLoginResponse } from '@portal/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeSession } from '../../../lib/session.ts';

/** "Access to this HC": the server opens a session as the harvest center, linked to the staff member's. */
export function accessHarvestCenter(harvestCenterId: number): Promise<TLoginResponse> {
  return api.post<TLoginResponse>('/api/v1/hc-staff/access/', { harvest_center_id: harvestCenterId });
}

export function useAccessHarvestCenter() {
  return useMutation({
    mutationFn: accessHarvestCenter,
    onSuccess: ({ token, user }) => {
      storeSession(token, user);
      // Part 1 §4: access sets the session and reloads; a full load drops every answer cached for the staff.
      window.location.assign('/dashboard');
    },
    // Part 1 §8: an access failure closes quietly; the message is only logged.
    onError: (error) => console.error('Access to this HC failed', error),
  });
}

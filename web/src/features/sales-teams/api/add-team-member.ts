import type { TNewSalesManager, TNewSalesRep, TSalesPerson } from '@portal/shared/sales-teams';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Who is added: a rep to the calling manager's team, a manager to the calling distributor's. */
export type NewTeamMemberKind = 'sales-rep' | 'sales-manager';

const ADD_PATHS: Record<NewTeamMemberKind, string> = {
  'sales-rep': '/api/v1/sales-rep/',
  'sales-manager': '/api/v1/sales-managers/',
};

/** The server puts the member in the caller's team and mails the invitation to set a password. */
export function addTeamMember(kind: NewTeamMemberKind, body: TNewSalesRep | TNewSalesManager) {
  return api.post<TSalesPerson>(ADD_PATHS[kind], {
    ...body,
    generate_password: true,
    send_new_sales_team: true,
  });
}

export function useAddTeamMember(kind: NewTeamMemberKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TNewSalesRep | TNewSalesManager) => addTeamMember(kind, body),
    // The team lists gain a member.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sales-team'] }),
  });
}

import type { TMessage } from '@portal/shared/auth';
import type { TSignLinkResponse, ZTemplateFromDocumentResponse } from '@portal/shared/documents';
import type {
  SignUpFormKind,
  TAccountSignUp,
  TAccountSignUpResponse,
  TAdminInvitation,
  TNewSignUp,
  TSignUpLink,
} from '@portal/shared/sign-up';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/** The sign-up forms' calls are anonymous: whoever is signed in in this browser, a sign-up is public. */

export function useSignUpLink(
  form: SignUpFormKind,
  link: { srid?: string; hcid?: string; token?: string; pass?: string },
) {
  return useQuery({
    queryKey: ['sign-up', 'link', form, link],
    queryFn: () =>
      api.get<TSignUpLink>('/api/v1/sign-up/link/', { params: { form, ...link }, anonymous: true }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function signUp(body: Partial<TAccountSignUp>): Promise<TAccountSignUpResponse> {
  return api.post<TAccountSignUpResponse>('/api/v1/harvest-centers/', body, { anonymous: true });
}

/** Step 2 of the HC form: a new attestation for this name and e-mail, to sign in the dialog. */
/** Whether the chosen password may be used (too common is refused on its field): the HC form's Next. */
export function checkSignUpPassword(password: string): Promise<TMessage> {
  return api.post<TMessage>('/api/v1/sign-up/check-password/', { password }, { anonymous: true });
}

export function startAttestation(body: {
  name: string;
  email: string;
  docId?: string;
}): Promise<TSignLinkResponse> {
  return api.post<TSignLinkResponse>('/auth/boldsign/', body, { anonymous: true });
}

/**
 * Asked every 5 s while step 2 waits (part 2 §4): the signing service answers 409 until the
 * attestation is signed, then the template made from it.
 */
export function templateOfSignedAttestation(documentId: string, name: string) {
  return api.get<z.infer<typeof ZTemplateFromDocumentResponse>>('/auth/boldsign/', {
    params: { documentId, name },
    anonymous: true,
  });
}

export function confirmEmail(token: string): Promise<TMessage> {
  return api.post<TMessage>('/api/v1/sign-up/confirm-email/', { token }, { anonymous: true });
}

export const SIGN_UP_KEYS = {
  invitations: ['admin-invitations'] as const,
  newSignUps: ['new-sign-ups'] as const,
};

export function listAdminInvitations(page: { limit: number; offset: number }) {
  return api.get<{ count: number; results: TAdminInvitation[] }>('/api/admin/admin-invitations/', {
    params: page,
  });
}

export function createAdminInvitation(note: string) {
  return api.post<{ invitation: TAdminInvitation; link: string }>('/api/admin/admin-invitations/', { note });
}

export function revokeAdminInvitation(id: number) {
  return api.post<TMessage>(`/api/admin/admin-invitations/${id}/revoke/`, {});
}

export function listNewSignUps(page: { limit: number; offset: number }) {
  return api.get<{ count: number; results: TNewSignUp[] }>('/api/admin/sign-ups/', { params: page });
}

/** The dashboard's one-click deactivation of a new sign-up (the users' activation call). */
export function deactivateAccount(id: number) {
  return api.get<TMessage>(`/api/v1/users/set/inactive/${id}/`);
}

import type { TSignBody, TSigningSession, TSignResponse } from '@portal/shared/documents';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import type { SigningLink } from './signing-links.ts';

/*
 * The signing calls are anonymous: the link's token is the credential, whoever is signed in. A refused
 * link (4xx) is the page's own answer to show, never an expired session or /unauthorized.
 */

export function openSigningSession(link: SigningLink): Promise<TSigningSession> {
  return api.post<TSigningSession>(
    '/api/v1/signing/session/',
    { document_id: link.documentId, token: link.token },
    { anonymous: true },
  );
}

export function signDocument(body: TSignBody): Promise<TSignResponse> {
  return api.post<TSignResponse>('/api/v1/signing/sign/', body, { anonymous: true });
}

/** Opens the link once (the server records 'viewed'); a refused link is not asked again. */
export function useSigningSession(link: SigningLink) {
  return useQuery({
    queryKey: ['signing-session', link.documentId, link.token],
    queryFn: () => openSigningSession(link),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    // A link is single use: once the panel is gone, nothing it read is worth keeping.
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}

export function useSignDocument() {
  return useMutation({ mutationFn: signDocument });
}

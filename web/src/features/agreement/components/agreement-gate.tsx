import { Center, Loader } from '@mantine/core';
import type { TSessionUser } from '@portal/shared/auth';
import { isAdminMembership } from '@portal/shared/memberships';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { SESSION_QUERY_KEY, useSession } from '../../../lib/use-current-user.ts';

/** Seen once per member: kept out of the first chunk every page load downloads. */
const AgreementScreen = lazy(() =>
  import('./agreement-screen.tsx').then((m) => ({ default: m.AgreementScreen })),
);

const loader = (
  <Center py="xl">
    <Loader />
  </Center>
);

/**
 * AGREEMENT_REQUIRED_CODE of shared/agreement.ts, written out: that module builds zod schemas,
 * which would otherwise land in the first chunk of every page (as in lib/api-client.ts).
 */
const AGREEMENT_REQUIRED_CODE = 'agreement_required';

function isAgreementRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === AGREEMENT_REQUIRED_CODE;
}

/**
 * A call refused with 'agreement_required' means the session copy is out of date: ask the server
 * again, and the gate follows its answer.
 */
function useRefreshSessionOnAgreementRefusal(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        isAgreementRequired(event.action.error)
      )
        refresh();
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (
        event.type === 'updated' &&
        event.action.type === 'error' &&
        isAgreementRequired(event.action.error)
      )
        refresh();
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}

/**
 * Part 1 §4: a non-admin who has not accepted the private membership agreement sees it instead of
 * any page. An admin using the account through Login As is not held back: the agreement is the
 * account holder's own act (docs/decisions/002).
 */
export function AgreementGate({ user, children }: { user: TSessionUser; children: ReactNode }) {
  const session = useSession();
  useRefreshSessionOnAgreementRefusal();

  const admin = user.membership.some((membership) => isAdminMembership(membership.id));
  if (admin || user.agreement_accepted) return children;
  // Whether an admin is behind this session is known only from the server.
  if (session.isPending) return loader;
  // The agreement is the account holder's own act: an admin or HC staff acting for them is not asked.
  if (session.data?.impersonator || session.data?.staff) return children;
  return (
    <Suspense fallback={loader}>
      <AgreementScreen user={user} />
    </Suspense>
  );
}

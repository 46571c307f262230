import { Center, Group, Loader, Modal, Text } from '@mantine/core';
import type { TSignLinkResponse } from '@portal/shared/documents';
import { MEMBERSHIP } from '@portal/shared/memberships';
import type { TUser } from '@portal/shared/users';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { SigningDialog } from '../../../components/signing/signing-dialog.tsx';
import { api, errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { USERS_QUERY_KEY } from '../api/get-users.ts';
import { usePatientSigning } from './patient-signing-slot.ts';
import { fullName } from './user-text.ts';

/** POST auth/boldsign/ with a userId: a signing link for that center-type account's attestation. */
function requestAccountSigning(user: TUser): Promise<TSignLinkResponse> {
  return api.post<TSignLinkResponse>('/auth/boldsign/', {
    name: fullName(user) || user.email,
    email: user.email,
    userId: user.id,
  });
}

/**
 * "Sign Document (embedded)" of the user list (part 1 §2): a patient's Pending agreements, signed
 * in place with the patient (the documents feature's table, through PatientSigningSlot), or the
 * attestation of a harvest center or HC staff account.
 */
export function SignDocumentModal({ user, onClose }: { user: TUser; onClose: () => void }) {
  const membership = user.membership[0]?.id ?? user.subscription;
  if (membership === MEMBERSHIP.patient) return <PatientSignDocumentModal user={user} onClose={onClose} />;
  return <AccountAttestationModal user={user} onClose={onClose} />;
}

function PatientSignDocumentModal({ user, onClose }: { user: TUser; onClose: () => void }) {
  const PatientSigning = usePatientSigning();
  return (
    <Modal opened onClose={onClose} title={`Sign Document: ${fullName(user) || user.email}`} size="lg">
      <Suspense
        fallback={
          <Center py="md">
            <Loader size="sm" />
          </Center>
        }
      >
        <PatientSigning patientId={user.id} />
      </Suspense>
    </Modal>
  );
}

/** The attestation of a harvest center or HC staff account, in the signing pop-up; closing it reloads the list. */
function AccountAttestationModal({ user, onClose }: { user: TUser; onClose: () => void }) {
  const queryClient = useQueryClient();
  // A query rather than a mutation in an effect: one link per opening, even when React runs effects twice.
  const link = useQuery({
    // Not under USERS_QUERY_KEY: reloading the list on close must not ask for another link.
    queryKey: ['account-signing-link', user.id],
    queryFn: () => requestAccountSigning(user),
    retry: false,
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const failed = link.isError;
  useEffect(() => {
    if (!failed) return;
    // Part 1 §8: a sign link failure shows the server's message.
    notifyError(errorMessage(link.error));
    onClose();
  }, [failed, link.error, onClose]);

  const close = () => {
    void queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
    onClose();
  };
  const title = `Sign Document: ${fullName(user) || user.email}`;

  if (link.isPending) {
    return (
      <Modal opened onClose={onClose} title={title} centered>
        <Center py="md">
          <Group gap="sm">
            <Loader size="sm" />
            <Text>Preparing the document...</Text>
          </Group>
        </Center>
      </Modal>
    );
  }
  return <SigningDialog signLink={link.data?.signLink ?? null} title={title} onClose={close} />;
}

import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { DOCUMENT_TEXTS } from '@portal/shared/documents';
import { SIGNING_POLL_MS } from '@portal/shared/sign-up';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormAlert } from '../../../components/form.tsx';
import { SigningDialog } from '../../../components/signing/signing-dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { startAttestation, templateOfSignedAttestation } from '../api/sign-up-api.ts';

export interface SignedAttestation {
  template_id: string;
  document_id: string;
}

/** The signing service's answer while the attestation waits for its signature (409), or the template. */
async function signedTemplate(documentId: string, name: string): Promise<SignedAttestation | null> {
  try {
    const made = await templateOfSignedAttestation(documentId, name);
    return { template_id: made.templateId, document_id: made.docId };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return null;
    throw error;
  }
}

/**
 * Step 2 of the HC sign-up (part 2 §4): the attestation signed in the portal's signing dialog. The
 * page learns that it is signed from the signing service, asked every 5 seconds (and once right
 * after the dialog reports a signature), never from a flag the browser could set.
 */
export function AttestationStep(props: {
  signer: { name: string; email: string };
  onSigned: (attestation: SignedAttestation) => void;
}) {
  const [documentId, setDocumentId] = useState<string | null>(null);
  const [signLink, setSignLink] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: () =>
      // A second opening of the same attestation gets a fresh link to it, not a new document.
      startAttestation(documentId ? { ...props.signer, docId: documentId } : props.signer),
    onSuccess: (result) => {
      setDocumentId(result.documentId);
      setSignLink(result.signLink);
    },
  });
  const template = useQuery({
    queryKey: ['sign-up', 'attestation', documentId],
    queryFn: async () => {
      const signed = await signedTemplate(documentId ?? '', `${props.signer.name} attestation`);
      if (signed) props.onSigned(signed);
      return signed;
    },
    enabled: documentId !== null,
    refetchInterval: (query) => (query.state.data ? false : SIGNING_POLL_MS),
    retry: false,
  });
  const signed = template.data ?? null;

  // One place in the tree for the dialog: it stays open, showing 'Signature Completed', when the
  // page learns of the signature.
  return (
    <>
      {signed ? (
        <Group gap="xs" role="status">
          <IconCircleCheck size={20} color="var(--mantine-color-green-8)" aria-hidden />
          <Text>The attestation is signed. Submit to create the account.</Text>
        </Group>
      ) : (
        <Stack gap="sm">
          <Text>
            Read and sign the Harvest Center attestation. Your account is created with the signed document.
          </Text>
          <FormAlert error={start.error ?? template.error} />
          {documentId && (
            <Group gap="xs" role="status">
              <Loader size="xs" />
              <Text size="sm">Waiting for your signature…</Text>
            </Group>
          )}
          <Alert color="gray" variant="light" p="xs">
            <Text size="sm">
              The document opens in a dialog; sign with your mouse or finger, or type your name.
            </Text>
          </Alert>
          <Group>
            <Button loading={start.isPending} onClick={() => start.mutate()}>
              {documentId ? 'Open the attestation again' : 'Sign the attestation'}
            </Button>
          </Group>
        </Stack>
      )}
      <SigningDialog
        signLink={signLink}
        title="Harvest Center Attestation"
        completedText={DOCUMENT_TEXTS.submitRegistration}
        onSigned={() => void template.refetch()}
        onClose={() => setSignLink(null)}
      />
    </>
  );
}

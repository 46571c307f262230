import { Button } from '@mantine/core';
import { DOCUMENT_TEXTS } from '@portal/shared/documents';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { profileQuery } from '../../../components/account/profile-query.ts';
import { SigningDialog } from '../../../components/signing/signing-dialog.tsx';
import { SESSION_QUERY_KEY } from '../../../lib/use-current-user.ts';
import { useRequestAttestationLink } from '../api/attestation.ts';

/**
 * Part 1 §4: a harvest center (or its staff) without a template signs its attestation in a pop-up;
 * closing it reloads the profile and session, whose template id the server set on signing (and the
 * button goes).
 */
export function AttestationButton({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  const link = useRequestAttestationLink();
  const [signLink, setSignLink] = useState<string | null>(null);
  return (
    <>
      <Button
        variant="light"
        loading={link.isPending}
        onClick={() => link.mutate(undefined, { onSuccess: (result) => setSignLink(result.signLink) })}
      >
        {DOCUMENT_TEXTS.signAttestation}
      </Button>
      <SigningDialog
        signLink={signLink}
        title={DOCUMENT_TEXTS.signAttestation}
        onClose={() => {
          setSignLink(null);
          void queryClient.invalidateQueries({ queryKey: profileQuery(userId).queryKey });
          void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
        }}
      />
    </>
  );
}

import { Alert, Button, Center, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { DOCUMENT_TEXTS, type TSignResponse } from '@portal/shared/documents';
import { IconCircleCheck } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { parseSignLink } from './signing-links.ts';

// The panel (the signature pad, the PDF pages) loads with the first opening: the screens that offer
// signing, the patient's and the admin's dashboards among them, do not carry it until someone signs.
const SigningPanel = lazy(() => import('./signing-panel.tsx').then((m) => ({ default: m.SigningPanel })));

export interface SigningDialogProps {
  /**
   * The `signLink` of sign-link-patient/, harvest-center/attestation/ or auth/boldsign/; the dialog is
   * open while it is set.
   */
  signLink: string | null;
  /** The dialog closed (signed or not): the caller reloads what it shows and clears `signLink`. */
  onClose: () => void;
  /** The document was signed, before the user closes the dialog (e.g. the HC sign-up's next step). */
  onSigned?: (result: TSignResponse) => void;
  title?: string;
  /** What to do next, under 'Signature Completed' (the HC sign-up's 'Please submit registration process.'). */
  completedText?: string;
}

/**
 * The portal's signing pop-up: the signing panel of a link, then 'Signature Completed'. Reused by
 * every screen that signs in place (patient documents, profile attestation, the admin's "Sign
 * Document", HC sign-up, referral checkout).
 *
 *   const [signLink, setSignLink] = useState<string | null>(null);
 *   const link = useMutation({ mutationFn: …, onSuccess: (r) => setSignLink(r.signLink) });
 *   <SigningDialog signLink={signLink} onClose={() => { setSignLink(null); void list.refetch(); }} />
 */
export function SigningDialog({
  signLink,
  onClose,
  onSigned,
  title = 'Sign Document',
  completedText,
}: SigningDialogProps) {
  return (
    <Modal opened={signLink !== null} onClose={onClose} title={title} size="xl">
      {/* Keyed by link: a new link starts a new signing, never the previous one's state. */}
      {signLink !== null && (
        <SigningDialogBody
          key={signLink}
          signLink={signLink}
          onClose={onClose}
          onSigned={onSigned}
          completedText={completedText}
        />
      )}
    </Modal>
  );
}

function SigningDialogBody(props: {
  signLink: string;
  onClose: () => void;
  onSigned?: (r: TSignResponse) => void;
  completedText?: string;
}) {
  const [signed, setSigned] = useState(false);
  const link = parseSignLink(props.signLink);
  if (!link) {
    return (
      <Alert color="red" role="alert">
        {DOCUMENT_TEXTS.missingDocumentId}
      </Alert>
    );
  }
  if (signed) return <SignatureCompleted onClose={props.onClose} text={props.completedText} />;
  return (
    <Suspense
      fallback={
        <Center py="xl">
          <Loader />
        </Center>
      }
    >
      <SigningPanel
        link={link}
        viewerHeight="50vh"
        onSigned={(result) => {
          setSigned(true);
          props.onSigned?.(result);
        }}
      />
    </Suspense>
  );
}

/** After signing in the pop-up (part 1 §2, the pop-up variant of the completed pages). */
function SignatureCompleted({ onClose, text }: { onClose: () => void; text?: string }) {
  return (
    <Stack align="center" gap="sm" py="lg" role="status">
      <IconCircleCheck size={48} color="var(--mantine-color-green-7)" aria-hidden />
      <Title order={3}>{DOCUMENT_TEXTS.signatureCompleted}</Title>
      <Text>{text ?? DOCUMENT_TEXTS.closePopUp}</Text>
      <Group>
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}

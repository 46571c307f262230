import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { DOCUMENT_TEXTS } from '@portal/shared/documents';
import { IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';

/** The frame of the completed pages: the check mark, 'Signature Completed' and what comes next. */
export function CompletedCard({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" radius="md" p="xl" w="100%">
      <Stack align="center" ta="center" gap="sm">
        <IconCircleCheck size={56} color="var(--mantine-color-green-7)" aria-hidden />
        <Title order={1}>{DOCUMENT_TEXTS.signatureCompleted}</Title>
        {children}
      </Stack>
    </Paper>
  );
}

export function VerifyLink() {
  return (
    <Text size="sm">
      {'Keep the signed copy: '}
      <Anchor component={Link} to="/verify-document">
        verify a signed document
      </Anchor>
      {' at any time.'}
    </Text>
  );
}

/**
 * /signed-completed-message, /patient-signed-completed-message and
 * /patient-signed-completed-message-from-email (part 1 §2): where a signer lands after signing.
 */
export function SignedCompletedPage() {
  // The pop-up variant when another page opened this one (a signing window opened by the portal).
  const [popUp] = useState(() => window.opener !== null && window.opener !== window);
  return (
    <CompletedCard>
      <Text role="status">{popUp ? DOCUMENT_TEXTS.closePopUp : DOCUMENT_TEXTS.closeWindow}</Text>
      <VerifyLink />
    </CompletedCard>
  );
}

import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { DOCUMENT_TEXTS } from '@portal/shared/documents';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { completeHarvestCenterSigning } from '../../../components/signing/harvest-center-signing.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { CompletedCard } from './signed-completed-page.tsx';

/** The page until the completed message can be shown. */
function Pending({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder shadow="sm" radius="md" p="xl" w="100%">
      <Stack>
        <Title order={1} ta="center">
          Completing your signature
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * /hc-signed-completed-message?documentId=&signedBy= (part 2 §2): a harvest center signed its
 * attestation during sign-up. The server makes it the HC's template; the browser keeps its ids for
 * the sign-up form (components/signing/harvest-center-signing.ts), which the user then submits.
 */
export function HcSignedCompletedPage() {
  const [params] = useSearchParams();
  const documentId = params.get('documentId') ?? '';
  const signedBy = params.get('signedBy') ?? '';
  const template = useQuery({
    queryKey: ['documents', 'hc-template', documentId, signedBy],
    queryFn: () => completeHarvestCenterSigning(documentId, signedBy),
    enabled: documentId !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (!documentId) {
    return (
      <Pending>
        <Alert color="red" role="alert">
          {DOCUMENT_TEXTS.missingDocumentId}
        </Alert>
      </Pending>
    );
  }
  if (template.isPending) {
    return (
      <Pending>
        <Group justify="center" gap="sm" role="status">
          <Loader size="sm" />
          <Text>{DOCUMENT_TEXTS.hcWait}</Text>
        </Group>
      </Pending>
    );
  }
  if (template.isError) {
    return (
      <Pending>
        <Alert color="red" title="The signed document could not be completed" role="alert">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{errorMessage(template.error)}</Text>
            <Button
              size="xs"
              variant="default"
              loading={template.isFetching}
              onClick={() => template.refetch()}
            >
              Retry
            </Button>
          </Stack>
        </Alert>
      </Pending>
    );
  }
  return (
    <CompletedCard>
      {/* The sign-up form (its own tab or the page that opened this one) reads the kept ids. */}
      <Text role="status" fw={600}>
        {DOCUMENT_TEXTS.submitRegistration}
      </Text>
    </CompletedCard>
  );
}

import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { type TWhiteLabelDomain, WHITE_LABEL_TEXTS } from '@portal/shared/white-label';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { runServerStep, WHITE_LABEL_KEYS } from '../api/white-label-api.ts';
import { BREAKS_ANYWHERE } from './breaks-anywhere.ts';
import { StepIcon } from './step-icon.tsx';

/**
 * The wizard's third step, once the domain is registered: the A record to set, Check Status, and
 * the SSL certificate that follows a domain found up. `onLive` once the certificate is in.
 */
export function DomainStatusStep({
  domain,
  onDomainChange,
  onLive,
}: {
  domain: TWhiteLabelDomain;
  onDomainChange: (domain: TWhiteLabelDomain) => void;
  onLive: () => void;
}) {
  const queryClient = useQueryClient();
  const [ssl, setSsl] = useState<'idle' | 'processing' | 'completed'>('idle');
  const checkStatus = useMutation({
    mutationFn: () => runServerStep(domain.id, 'check_up'),
    onSuccess: async (result) => {
      onDomainChange(result.domain);
      if (!result.success) return;
      setSsl('processing');
      const certificate = await runServerStep(result.domain.id, 'create_ssl_file').catch((error: unknown) => {
        setSsl('idle');
        notifyError(errorMessage(error));
        return null;
      });
      if (!certificate) return;
      onDomainChange(certificate.domain);
      if (!certificate.success) {
        setSsl('idle');
        notifyError(certificate.message);
        return;
      }
      setSsl('completed');
      onLive();
      void queryClient.invalidateQueries({ queryKey: WHITE_LABEL_KEYS.list });
    },
    onError: () => notifyError(WHITE_LABEL_TEXTS.failure),
  });

  return (
    <Paper withBorder p="md">
      <Stack>
        <Text>Point the domain's A record at the server address, then check its status.</Text>
        {/* One domain, a row per fact: the label beside its value fits a phone's width. */}
        <Table variant="vertical" withTableBorder aria-label={`Domain ${domain.host}`}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={120}>Domain</Table.Th>
              <Table.Td style={BREAKS_ANYWHERE}>{domain.host}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>A record</Table.Th>
              <Table.Td>{domain.server_address}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Status</Table.Th>
              <Table.Td>
                <Badge color={domain.status === 'Up and Running' ? 'green' : 'yellow'} variant="light">
                  {domain.status}
                </Badge>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Action</Table.Th>
              <Table.Td>
                <Button
                  size="xs"
                  onClick={() => checkStatus.mutate()}
                  loading={checkStatus.isPending}
                  disabled={ssl === 'completed'}
                >
                  Check Status
                </Button>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        {domain.last_error && domain.status === 'Waiting' && (
          <Text c="dimmed" size="sm" role="status">
            {domain.last_error}
          </Text>
        )}
        {ssl !== 'idle' && (
          <Group gap="xs" role="status">
            <StepIcon state={ssl === 'completed' ? 'done' : 'running'} />
            <Text>SSL certificate: {ssl === 'completed' ? 'completed' : 'processing...'}</Text>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

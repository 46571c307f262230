import { Paper, Stack, Table, Title } from '@mantine/core';
import type { TWhiteLabelDomain } from '@portal/shared/white-label';
import { BREAKS_ANYWHERE } from './breaks-anywhere.ts';

/** The domains registered so far, with how far each got. */
export function DomainList({ domains }: { domains: TWhiteLabelDomain[] }) {
  if (domains.length === 0) return null;
  return (
    <Paper withBorder p="md">
      <Stack>
        <Title order={2} size="h4">
          Domains
        </Title>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Title</Table.Th>
              <Table.Th>URL</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>SSL</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {domains.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>{d.name}</Table.Td>
                <Table.Td style={BREAKS_ANYWHERE}>{d.url}</Table.Td>
                <Table.Td>{d.status}</Table.Td>
                <Table.Td>{d.steps.ssl ? 'Completed' : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Paper>
  );
}

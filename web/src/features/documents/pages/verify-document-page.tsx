import { Alert, Anchor, Button, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TDocumentEvent, TVerifyResponse } from '@portal/shared/documents';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { FormAlert } from '../../../components/form.tsx';
import { PdfFileInput } from '../../../components/pdf-file-input.tsx';
import { formatDateTime } from '../../../lib/format-date.ts';
import { getToken } from '../../../lib/session.ts';
import { useVerifyDocument } from '../api/verify-document.ts';

const EVENT_LABELS: Record<TDocumentEvent['event'], string> = {
  created: 'Created',
  sent: 'Sent',
  reminded: 'Reminder sent',
  viewed: 'Viewed',
  consented: 'Agreed to sign electronically',
  signed: 'Signed',
  completed: 'Completed',
  voided: 'Cancelled',
};

const EVENT_COLUMNS: DataTableColumn<TDocumentEvent>[] = [
  { key: 'event', header: 'Event', render: (event) => EVENT_LABELS[event.event] },
  { key: 'at', header: 'Time', render: (event) => formatDateTime(event.at) },
  { key: 'by', header: 'By', render: (event) => event.by },
  { key: 'ip', header: 'IP address', render: (event) => event.ip ?? '—' },
  {
    key: 'agent',
    header: 'Browser',
    render: (event) => (
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {event.user_agent ?? '—'}
      </Text>
    ),
  },
];

/** /verify-document (public): is this PDF an unaltered completed document of the portal, and its trail. */
export function VerifyDocumentPage() {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const verify = useVerifyDocument();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFileError('Choose the PDF file to verify');
      return;
    }
    verify.mutate(file);
  };

  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }} w="100%">
      <Stack>
        <Title order={1}>Verify a Signed Document</Title>
        <Text>
          Choose a PDF signed through this portal: the check says whether it is exactly the completed document
          and shows its audit trail. Nothing is kept.
        </Text>
        <form noValidate onSubmit={submit}>
          <Stack>
            <PdfFileInput
              label="Signed document (PDF)"
              value={file}
              onChange={(next) => {
                setFile(next);
                setFileError(null);
                verify.reset();
              }}
              error={fileError}
              maw={480}
            />
            <FormAlert error={verify.error} />
            <Button type="submit" loading={verify.isPending} style={{ alignSelf: 'flex-start' }}>
              Verify
            </Button>
          </Stack>
        </form>
        {verify.data && <VerifyResult result={verify.data} />}
        <Text size="sm">
          <Anchor component={Link} to={getToken() ? '/dashboard' : '/'}>
            {getToken() ? 'Back to the dashboard' : 'Back to Admin Login'}
          </Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}

function VerifyResult({ result }: { result: TVerifyResponse }) {
  const { document } = result;
  return (
    <Stack gap="md">
      <Alert
        color={result.valid ? 'green' : 'red'}
        variant="light"
        icon={result.valid ? <IconCircleCheck aria-hidden /> : <IconCircleX aria-hidden />}
        title={result.valid ? 'Valid' : 'Not valid'}
        role="status"
      >
        {result.message}
      </Alert>
      {document && (
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4} m={0}>
          {(
            [
              ['Document', document.name],
              ['Document ID', document.document_id],
              ['Signed by', `${document.signer_name} (${document.signer_email})`],
              ['Completed', formatDateTime(document.completed_at)],
              ['SHA-256 of the original', document.original_sha256],
            ] as const
          ).map(([label, value]) => (
            <div key={label}>
              <Text component="dt" size="sm" c="dimmed">
                {label}
              </Text>
              <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Text>
            </div>
          ))}
        </SimpleGrid>
      )}
      {result.events.length > 0 && (
        <Stack gap="xs">
          <Title order={2} size="h4">
            Audit trail
          </Title>
          <DataTable
            columns={EVENT_COLUMNS}
            rows={result.events}
            rowKey={(event) => `${event.event}-${event.at}`}
            pageSize={20}
          />
        </Stack>
      )}
    </Stack>
  );
}

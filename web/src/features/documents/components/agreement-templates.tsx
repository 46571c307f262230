import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  DOCUMENT_KINDS,
  DOCUMENT_LABELS,
  type TDocumentKind,
  type TDocumentTemplate,
  UPLOAD_MAX_MEGABYTES,
} from '@portal/shared/documents';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../../components/form.tsx';
import { QueryLoadError } from '../../../components/load-error.tsx';
import { PdfFileInput } from '../../../components/pdf-file-input.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useDocumentTemplates, useUploadDocumentTemplate } from '../api/document-templates.ts';

/** The admin's template a kind uses now (harvest centers' own attestations are theirs, not listed here). */
function currentTemplate(templates: TDocumentTemplate[], kind: TDocumentKind): TDocumentTemplate | null {
  return templates.find((t) => t.kind === kind && t.owner === null && t.in_use) ?? null;
}

/**
 * "Agreement templates" of /documents/patients: what each kind of new request is made from, the
 * built-in text or an uploaded PDF, and an upload to replace it. Documents already sent keep theirs.
 */
export function AgreementTemplates() {
  const templates = useDocumentTemplates();
  return (
    <Stack gap="md">
      <Title order={2}>Agreement templates</Title>
      <Text size="sm">
        New signing requests are made from these. Upload a PDF to replace a kind's text; documents already
        sent keep the text they were sent with.
      </Text>
      {templates.isError ? (
        <QueryLoadError query={templates} what="the templates" />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {DOCUMENT_KINDS.map((kind) => (
            <TemplateCard
              key={kind}
              kind={kind}
              loading={templates.isPending}
              current={currentTemplate(templates.data ?? [], kind)}
            />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function TemplateCard(props: { kind: TDocumentKind; current: TDocumentTemplate | null; loading: boolean }) {
  const { kind, current, loading } = props;
  const [file, setFile] = useState<File | null>(null);
  const upload = useUploadDocumentTemplate();
  const label = DOCUMENT_LABELS[kind];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    upload.mutate(
      { kind, file },
      {
        onSuccess: () => {
          setFile(null);
          notifySuccess(`${label}: new requests now use the uploaded PDF`);
        },
      },
    );
  };

  return (
    <Card withBorder padding="md" component="section" aria-label={`${label} template`}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {label}
        </Title>
        {loading ? (
          <Text size="sm" c="dimmed">
            Loading...
          </Text>
        ) : current ? (
          <Stack gap={4}>
            <Group gap="xs">
              <Badge variant="light" color="blue">
                Uploaded PDF
              </Badge>
              <Text size="sm">{formatDate(current.created_at)}</Text>
            </Group>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {current.name}
            </Text>
          </Stack>
        ) : (
          <Group gap="xs">
            <Badge variant="light" color="gray">
              Default text
            </Badge>
            <Text size="sm">The portal's built-in agreement text</Text>
          </Group>
        )}
        <form noValidate onSubmit={submit}>
          <Stack gap="xs">
            <PdfFileInput
              label={`Replace the ${label} with a PDF`}
              description={`PDF, up to ${UPLOAD_MAX_MEGABYTES} MB`}
              value={file}
              onChange={(next) => {
                setFile(next);
                upload.reset();
              }}
            />
            <FormAlert error={upload.error} />
            <Button type="submit" size="xs" variant="light" disabled={!file} loading={upload.isPending}>
              Upload template
            </Button>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}

import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import {
  DOCUMENT_KINDS,
  DOCUMENT_LABELS,
  DOCUMENT_TEXTS,
  type TDocumentKind,
  UPLOAD_MAX_MEGABYTES,
  ZUploadDocumentsBody,
} from '@portal/shared/documents';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { FormAlert, setServerErrors, useSchemaForm } from '../../../components/form.tsx';
import { PdfFileInput } from '../../../components/pdf-file-input.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { processFile, useUploadDocuments } from '../api/upload-documents.ts';
import { PatientContactFields } from '../components/patient-picker.tsx';

// The body's own rules for the typed fields (zod cannot pick from a refined object).
const ZUploadForm = z.object({
  name: ZUploadDocumentsBody.shape.name,
  email: ZUploadDocumentsBody.shape.email,
});

/** One file field: the chosen PDF and how its staging (process-file/) went. */
type StagedFile =
  | { state: 'empty' }
  | { state: 'uploading'; file: File }
  | { state: 'staged'; file: File; filename: string }
  | { state: 'failed'; file: File; error: string };

const EMPTY: Record<TDocumentKind, StagedFile> = {
  attestation: { state: 'empty' },
  processing: { state: 'empty' },
  storage: { state: 'empty' },
};

const MAX_BYTES = UPLOAD_MAX_MEGABYTES * 1024 * 1024;

/** /upload-patient-documents: agreements the patient signed on paper, uploaded as PDFs by the HC. */
export function UploadDocumentsPage() {
  const user = useSignedInUser();
  const form = useSchemaForm(ZUploadForm, { name: '', email: '' });
  const [patientId, setPatientId] = useState<number | null>(null);
  const [files, setFiles] = useState(EMPTY);
  const [filesError, setFilesError] = useState<string | null>(null);
  const upload = useUploadDocuments();

  const setFile = (kind: TDocumentKind, next: StagedFile) =>
    setFiles((current) => ({ ...current, [kind]: next }));

  // Each chosen file is staged at once, so a refused one (not a PDF, too large) is said beside it.
  const choose = (kind: TDocumentKind, file: File | null) => {
    setFilesError(null);
    if (!file) return setFile(kind, { state: 'empty' });
    if (file.size > MAX_BYTES) {
      return setFile(kind, {
        state: 'failed',
        file,
        error: `The file is larger than ${UPLOAD_MAX_MEGABYTES} MB`,
      });
    }
    setFile(kind, { state: 'uploading', file });
    processFile(file).then(
      ({ filename }) =>
        setFiles((current) =>
          current[kind].state === 'uploading' && current[kind].file === file
            ? { ...current, [kind]: { state: 'staged', file, filename } }
            : current,
        ),
      (error: unknown) =>
        setFiles((current) =>
          current[kind].state === 'uploading' && current[kind].file === file
            ? { ...current, [kind]: { state: 'failed', file, error: errorMessage(error) } }
            : current,
        ),
    );
  };

  const staged = (kind: TDocumentKind) => {
    const entry = files[kind];
    return entry.state === 'staged' ? entry.filename : null;
  };
  const uploading = DOCUMENT_KINDS.some((kind) => files[kind].state === 'uploading');

  const submit = form.onSubmit((values) => {
    const body = {
      ...values,
      harvest_center_id: user.id,
      patient_id: patientId,
      attestation: staged('attestation'),
      processing: staged('processing'),
      storage: staged('storage'),
    };
    const checked = ZUploadDocumentsBody.safeParse(body);
    if (!checked.success) {
      setFilesError(checked.error.issues[0]?.message ?? 'Choose at least one document to upload');
      return;
    }
    upload.mutate(checked.data, {
      onSuccess: () => {
        form.reset();
        setPatientId(null);
        setFiles(EMPTY);
      },
      onError: (error) => setServerErrors(form, error),
    });
  });

  return (
    <Stack gap="md" maw={640}>
      <Title order={1}>Upload Patient Documents</Title>
      <Text>{`Agreements the patient signed on paper, as PDF files of up to ${UPLOAD_MAX_MEGABYTES} MB each.`}</Text>
      <Paper withBorder p="lg">
        <form noValidate onSubmit={submit}>
          <Stack>
            <PatientContactFields
              form={form}
              harvestCenterId={user.id}
              patientId={patientId}
              onPatientIdChange={setPatientId}
            />
            {DOCUMENT_KINDS.map((kind) => (
              <StagedFileInput
                key={kind}
                label={DOCUMENT_LABELS[kind]}
                entry={files[kind]}
                onChange={(file) => choose(kind, file)}
                error={kind === 'attestation' ? filesError : null}
              />
            ))}
            <FormAlert error={upload.error} form={form} />
            {/* Said beside the button, where the user is looking, until the next upload. */}
            {upload.isSuccess && (
              <Text role="status" c="green.8" fw={600}>
                {DOCUMENT_TEXTS.uploaded}
              </Text>
            )}
            <Group justify="space-between">
              <Anchor component={Link} to="/patients-signatures" size="sm">
                Back to Patient Signatures
              </Anchor>
              <Button type="submit" loading={upload.isPending} disabled={uploading}>
                Upload Documents
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}

interface StagedFileInputProps {
  label: string;
  entry: StagedFile;
  onChange: (file: File | null) => void;
  error: string | null;
}

function StagedFileInput({ label, entry, onChange, error }: StagedFileInputProps) {
  const description =
    entry.state === 'uploading' ? (
      <Group gap={4} component="span">
        <Loader size={12} />
        Uploading...
      </Group>
    ) : entry.state === 'staged' ? (
      <Group gap={4} component="span" c="green.8">
        <IconCheck size={14} aria-hidden />
        Ready
      </Group>
    ) : (
      'PDF only'
    );
  return (
    <PdfFileInput
      label={label}
      value={entry.state === 'empty' ? null : entry.file}
      onChange={onChange}
      description={description}
      error={entry.state === 'failed' ? entry.error : error}
    />
  );
}

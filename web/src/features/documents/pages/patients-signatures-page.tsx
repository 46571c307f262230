import { Button, Group, Stack, Title } from '@mantine/core';
import type { TDocument } from '@portal/shared/documents';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { useResendSigningMail, useVoidDocument } from '../api/document-actions.ts';
import { DOCUMENT_LISTS } from '../api/get-document-lists.ts';
import { DOCUMENT_COLUMNS, DocumentList, documentLabel } from '../components/document-list.tsx';

/** /patients-signatures: the harvest center's signature requests and uploaded agreements. */
export function PatientsSignaturesPage() {
  const user = useSignedInUser();
  const resend = useResendSigningMail();
  const voiding = useVoidDocument();
  const [toVoid, setToVoid] = useState<TDocument | null>(null);

  const columns: DataTableColumn<TDocument>[] = [
    DOCUMENT_COLUMNS.patient,
    DOCUMENT_COLUMNS.email,
    DOCUMENT_COLUMNS.document,
    DOCUMENT_COLUMNS.sent,
    DOCUMENT_COLUMNS.status,
    {
      key: 'actions',
      header: 'Actions',
      render: (document) =>
        document.status === 'Pending' ? (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              loading={resend.isPending && resend.variables?.id === document.id}
              aria-label={`Resend ${documentLabel(document)}`}
              onClick={() => resend.mutate(document)}
            >
              Resend
            </Button>
            <Button
              size="xs"
              variant="default"
              color="red"
              aria-label={`Cancel request ${documentLabel(document)}`}
              onClick={() => {
                voiding.reset();
                setToVoid(document);
              }}
            >
              Cancel request
            </Button>
          </Group>
        ) : null,
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={1}>Patient Signatures</Title>
        <Group>
          <Button component={Link} to="/request-patients-signatures">
            Request Signatures
          </Button>
          <Button component={Link} to="/upload-patient-documents" variant="default">
            Upload Documents
          </Button>
        </Group>
      </Group>
      <DocumentList
        path={DOCUMENT_LISTS.harvestCenter(user.id)}
        columns={columns}
        searchPlaceholder="Name, e-mail or id"
        emptyHint="Send a patient the agreements to sign with Request Signatures, or upload signed paper copies."
      />
      {toVoid && (
        <ConfirmDialog
          title="Cancel signing request"
          question={`Cancel the request for ${documentLabel(toVoid)}? Its signing link stops working.`}
          confirmLabel="Cancel request"
          loading={voiding.isPending}
          error={voiding.error}
          onConfirm={() => voiding.mutate(toVoid, { onSuccess: () => setToVoid(null) })}
          onClose={() => setToVoid(null)}
        />
      )}
    </Stack>
  );
}

import { ActionIcon, Stack, Title } from '@mantine/core';
import type { TDocument, TDocumentListQuery } from '@portal/shared/documents';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { useDeleteDocument } from '../api/document-actions.ts';
import { DOCUMENT_LISTS } from '../api/get-document-lists.ts';
import { AgreementTemplates } from '../components/agreement-templates.tsx';
import { DOCUMENT_COLUMNS, DocumentList, documentLabel } from '../components/document-list.tsx';

interface AdminDocumentsProps {
  owner: NonNullable<TDocumentListQuery['owner']>;
  columns: DataTableColumn<TDocument>[];
  searchPlaceholder: string;
  emptyHint: string;
}

/** The admin's "system documents": every document of one kind of owner, with delete. */
function AdminDocuments({ owner, columns, searchPlaceholder, emptyHint }: AdminDocumentsProps) {
  const removal = useDeleteDocument();
  const [toDelete, setToDelete] = useState<TDocument | null>(null);
  const withActions: DataTableColumn<TDocument>[] = [
    ...columns,
    {
      key: 'actions',
      header: 'Actions',
      render: (document) => (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${documentLabel(document)}`}
          onClick={() => {
            removal.reset();
            setToDelete(document);
          }}
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      ),
    },
  ];
  return (
    <>
      <DocumentList
        path={DOCUMENT_LISTS.admin()}
        owner={owner}
        columns={withActions}
        searchPlaceholder={searchPlaceholder}
        emptyHint={emptyHint}
      />
      {toDelete && (
        <ConfirmDialog
          title="Delete document"
          question={`Delete ${documentLabel(toDelete)}? Its file and audit trail are removed for good.`}
          confirmLabel="Delete"
          loading={removal.isPending}
          error={removal.error}
          onConfirm={() => removal.mutate(toDelete, { onSuccess: () => setToDelete(null) })}
          onClose={() => setToDelete(null)}
        />
      )}
    </>
  );
}

/** /documents/patients: every patient agreement, and the agreement templates new requests use. */
export function AdminPatientDocumentsPage() {
  return (
    <Stack gap="xl">
      <Stack gap="md">
        <Title order={1}>Patient Documents</Title>
        <AdminDocuments
          owner="patients"
          columns={[
            DOCUMENT_COLUMNS.patient,
            DOCUMENT_COLUMNS.email,
            DOCUMENT_COLUMNS.harvestCenter,
            DOCUMENT_COLUMNS.document,
            DOCUMENT_COLUMNS.sent,
            DOCUMENT_COLUMNS.status,
          ]}
          searchPlaceholder="Name, e-mail or id"
          emptyHint="Patient agreements appear here once a harvest center requests signatures or uploads them."
        />
      </Stack>
      <AgreementTemplates />
    </Stack>
  );
}

/** /documents/harvest-centers: the attestations harvest centers (and their staff) signed. */
export function AdminHarvestCenterDocumentsPage() {
  return (
    <Stack gap="md">
      <Title order={1}>Harvest Center Documents</Title>
      <AdminDocuments
        owner="harvest-centers"
        columns={[
          { ...DOCUMENT_COLUMNS.patient, header: 'Signer' },
          DOCUMENT_COLUMNS.email,
          DOCUMENT_COLUMNS.harvestCenter,
          DOCUMENT_COLUMNS.document,
          DOCUMENT_COLUMNS.sent,
          DOCUMENT_COLUMNS.status,
        ]}
        searchPlaceholder="Center, e-mail or id"
        emptyHint="Attestations appear here once a harvest center signs one (at sign-up or from its profile)."
      />
    </Stack>
  );
}

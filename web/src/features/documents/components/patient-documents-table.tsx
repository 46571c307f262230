import { Button, Stack, Text, Title } from '@mantine/core';
import { DOCUMENT_LABELS, DOCUMENT_TEXTS } from '@portal/shared/documents';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { failureOf } from '../../../components/load-error.tsx';
import { SigningDialog } from '../../../components/signing/signing-dialog.tsx';
import {
  type PatientDocumentRow,
  patientDocumentRows,
  usePatientDocuments,
} from '../api/get-patient-documents.ts';
import { useRequestSignLink } from '../api/request-sign-link.ts';
import { DocumentStatus } from './document-status.tsx';

interface PatientDocumentsTableProps {
  patientId: number;
  /** Offers Sign on Pending documents (the patient, or its HC signing with the patient in person). */
  canSign: boolean;
  /** Says so when nothing waits for a signature (the admin's Sign Document, opened to sign). */
  sayWhenNothingToSign?: boolean;
}

/**
 * A patient's three agreements (part 1 §2, §4): 'see document' when Completed, the status otherwise,
 * 'No Document' when there is none, and Sign on a Pending one, which opens the signing dialog and
 * reloads the list when it closes.
 */
export function PatientDocumentsTable({
  patientId,
  canSign,
  sayWhenNothingToSign,
}: PatientDocumentsTableProps) {
  const documents = usePatientDocuments(patientId);
  const signLink = useRequestSignLink();
  const [openLink, setOpenLink] = useState<string | null>(null);

  const startSigning = (row: PatientDocumentRow) => {
    if (!row.document) return;
    signLink.mutate(
      { docId: row.document.document_id, patientId, docType: row.kind },
      { onSuccess: (result) => setOpenLink(result.signLink) },
    );
  };

  const columns: DataTableColumn<PatientDocumentRow>[] = [
    { key: 'name', header: 'Document', render: (row) => DOCUMENT_LABELS[row.kind] },
    {
      key: 'status',
      header: 'Status',
      render: (row) => <DocumentStatus document={row.document} label={DOCUMENT_LABELS[row.kind]} />,
    },
  ];
  const rows = patientDocumentRows(documents.data);
  const pending = rows.some((row) => row.document?.status === 'Pending');
  // The column only while there is something to sign: an empty column reads as a missing action.
  if (canSign && pending) {
    columns.push({
      key: 'actions',
      header: 'Actions',
      render: (row) =>
        row.document?.status === 'Pending' ? (
          <Button
            size="xs"
            loading={signLink.isPending && signLink.variables?.docId === row.document.document_id}
            aria-label={`Sign ${DOCUMENT_LABELS[row.kind]}`}
            onClick={() => startSigning(row)}
          >
            Sign
          </Button>
        ) : null,
    });
  }

  return (
    <Stack gap="sm">
      <Title order={4}>Documents</Title>
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.kind}
        pageSize={PAGE_SIZE.documents}
        loading={documents.isPending}
        failure={failureOf(documents)}
        loadingText="Loading documents..."
      />
      {sayWhenNothingToSign && documents.isSuccess && !pending && (
        <Text role="status">{DOCUMENT_TEXTS.nothingToSign}</Text>
      )}
      <SigningDialog
        signLink={openLink}
        onClose={() => {
          setOpenLink(null);
          // Part 1 §4: after the signing window closes the list reloads.
          void documents.refetch();
        }}
      />
    </Stack>
  );
}

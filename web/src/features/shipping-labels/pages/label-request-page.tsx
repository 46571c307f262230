import { Anchor, Badge, Button, Group, List, Modal, Select, Stack, Text, Title } from '@mantine/core';
import type { TTransactionHistoryRow } from '@portal/shared/checkout';
import { documentLabelOfName } from '@portal/shared/documents';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { hasPendingDocument, SHIPPING_LABEL_TEXTS } from '@portal/shared/shipping-labels';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useState } from 'react';
import { useTransactionHistory } from '../../../components/centers/center-queries.ts';
import { useStaffHarvestCenters } from '../../../components/centers/staff-harvest-centers.ts';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable } from '../../../components/paged-data-table.tsx';
import { formatDate } from '../../../lib/format-date.ts';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { type LabelCenter, LabelRequestDialog } from '../components/label-request-dialog.tsx';

/** A link a finger can hit: 24 px tall at least (WCAG 2.5.8; these were 20 px, issue 42). */
const LINK_TARGET = { display: 'inline-block', minHeight: 24, lineHeight: '24px' } as const;

const patientNames = (t: TTransactionHistoryRow) =>
  t.patient.map((p) => `${p.first_name} ${p.last_name}`.trim()).join(', ') || '—';

/** Part 2 §2: 'Pending' until a label file exists, then the label, the tracking link and number. */
function LabelDetails({ row }: { row: TTransactionHistoryRow }) {
  const label = row.fedex_request;
  if (!label) return null;
  if (!label.pdf_file) return <Text size="sm">{SHIPPING_LABEL_TEXTS.pending}</Text>;
  return (
    <Stack gap={2}>
      <Anchor href={label.pdf_file} target="_blank" rel="noopener noreferrer" size="sm" style={LINK_TARGET}>
        Label
      </Anchor>
      {label.tracking_link && (
        <Anchor
          href={label.tracking_link}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          style={LINK_TARGET}
        >
          Track shipment
        </Anchor>
      )}
      <Text size="sm">{label.tracking_number}</Text>
    </Stack>
  );
}

/** The centers a staff member may request for (their HCs); a center requests for itself. */
function useLabelCenters(): { centers: LabelCenter[]; loading: boolean } {
  const user = useSignedInUser();
  const membership = user.membership[0]?.id;
  const isStaff = membership === MEMBERSHIP.hcStaff;
  const staffCenters = useStaffHarvestCenters(user.id, isStaff);
  const contactName = `${user.first_name} ${user.last_name}`.trim();
  if (!isStaff) {
    return {
      loading: false,
      centers: [
        {
          id: user.id,
          company: user.company,
          email: user.email,
          contactName,
          referral: membership === MEMBERSHIP.referralHarvestCenter,
        },
      ],
    };
  }
  return {
    loading: staffCenters.isPending,
    centers: (staffCenters.data?.harvest_centers ?? []).map((center) => ({
      id: center.id,
      company: center.company,
      email: center.email,
      contactName,
      referral: false,
    })),
  };
}

/** /fedex-request-label and /fedex-request-label-rhc: a center's processing-fee transactions and their labels. */
export function LabelRequestPage() {
  const { centers, loading } = useLabelCenters();
  const [centerId, setCenterId] = useState<number | null>(null);
  const center = centers.find((c) => c.id === centerId) ?? centers[0];
  const [page, setPage] = useState(1);
  const [requesting, setRequesting] = useState<TTransactionHistoryRow | null>(null);
  const [blocked, setBlocked] = useState<TTransactionHistoryRow | null>(null);
  const path = center?.referral
    ? `/api/v1/rhc-association/${center.id}/transactions-history/processing-fee/`
    : `/api/v1/harvest-centers/${center?.id ?? 0}/transactions-history/processing-fee/`;
  const history = useTransactionHistory(path, page, PAGE_SIZE.transactions, center !== undefined);

  const columns: DataTableColumn<TTransactionHistoryRow>[] = [
    { key: 'date', header: 'Date', render: (t) => formatDate(t.date) },
    { key: 'invoice', header: 'Invoice', render: (t) => t.invoice_id },
    { key: 'patient', header: 'Patient', render: patientNames },
    {
      key: 'agreements',
      header: 'Agreements',
      render: (t) =>
        t.patient_documents.length === 0 ? (
          '—'
        ) : (
          <Stack gap={2}>
            {t.patient_documents.map((d) => (
              <Text key={d.id} size="sm">
                {documentLabelOfName(d.name)}: {d.status}
              </Text>
            ))}
          </Stack>
        ),
    },
    {
      key: 'request',
      header: 'FedEx Label',
      render: (t) =>
        t.fedex_request ? (
          <Badge variant="light" color="teal">
            {SHIPPING_LABEL_TEXTS.requestedBadge}
          </Badge>
        ) : (
          <Button
            size="xs"
            aria-label={`Request a label for invoice ${t.invoice_id}`}
            onClick={() => (hasPendingDocument(t.patient_documents) ? setBlocked(t) : setRequesting(t))}
          >
            Request
          </Button>
        ),
    },
    { key: 'details', header: 'Label details', render: (t) => <LabelDetails row={t} /> },
  ];

  return (
    <Stack gap="md">
      <Title order={1}>FedEx Label Request</Title>
      {centers.length > 1 && (
        <Select
          label="Harvest center"
          data={centers.map((c) => ({ value: String(c.id), label: c.company }))}
          value={center ? String(center.id) : null}
          onChange={(id) => {
            setCenterId(id ? Number(id) : null);
            setPage(1);
          }}
          allowDeselect={false}
          maw={360}
        />
      )}
      {!loading && !center ? (
        <Text>You do not work for a harvest center yet.</Text>
      ) : (
        <PagedDataTable
          columns={columns}
          query={history}
          paging={{ page, setPage }}
          rowKey={(t) => t.id}
          pageSize={PAGE_SIZE.transactions}
          loadingText="Loading transactions..."
        />
      )}
      {requesting && center && (
        <LabelRequestDialog center={center} transaction={requesting} onClose={() => setRequesting(null)} />
      )}
      {blocked && (
        <Modal opened onClose={() => setBlocked(null)} title={SHIPPING_LABEL_TEXTS.actionPending} centered>
          <Stack>
            <Text>These agreements wait for a signature before a label can be requested:</Text>
            <List>
              {blocked.patient_documents
                .filter((d) => d.status === 'Pending')
                .map((d) => (
                  <List.Item key={d.id}>{documentLabelOfName(d.name)}</List.Item>
                ))}
            </List>
            <Group justify="flex-end">
              <Button onClick={() => setBlocked(null)}>Close</Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}

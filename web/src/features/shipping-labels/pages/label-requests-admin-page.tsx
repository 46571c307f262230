import { Anchor, Badge, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { SHIPPING_LABEL_TEXTS, type TLabelRequest } from '@portal/shared/shipping-labels';
import { PAGE_SIZE } from '@portal/shared/ui-constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable, TableSearchInput } from '../../../components/paged-data-table.tsx';
import { useTableSearch } from '../../../components/table-paging.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { LABEL_KEYS, sendLabelNotification, useLabelRequests } from '../api/shipping-labels-api.ts';
import { LabelEditDialog } from '../components/label-edit-dialog.tsx';

/** A link a finger can hit: 24 px tall at least (WCAG 2.5.8; these were 20 px, issue 42). */
const LINK_TARGET = { display: 'inline-block', minHeight: 24, lineHeight: '24px' } as const;

const patientsOf = (r: TLabelRequest) =>
  r.patients.length > 0
    ? r.patients.map((p) => `${p.first_name} ${p.last_name}`.trim()).join(', ')
    : r.other_patient_name || '—';

/** Part 2 §2: the columns of the Fedex Label Request List. */
const COLUMNS: DataTableColumn<TLabelRequest>[] = [
  {
    key: 'hc',
    header: 'ID - HC name',
    render: (r) => `${r.id} - ${r.hc_desc[0]?.company || r.harvest_center_name}`,
  },
  { key: 'hc-email', header: 'HC email', render: (r) => r.harvest_center_email },
  { key: 'doctor', header: 'Doctor name', render: (r) => r.doctor_name || '—' },
  { key: 'doctor-email', header: 'Doctor email', render: (r) => r.doctor_email || '—' },
  {
    key: 'location',
    header: 'Location',
    render: (r) => [r.address1, r.city, r.state_desc, r.zip_code, r.country_desc].filter(Boolean).join(', '),
  },
  { key: 'patients', header: 'Patients', render: patientsOf },
  { key: 'date', header: 'Date', render: (r) => formatDate(r.label_date) },
  {
    key: 'tracking-link',
    header: 'Tracking link',
    render: (r) =>
      r.tracking_link ? (
        <Anchor
          href={r.tracking_link}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          style={LINK_TARGET}
        >
          Track
        </Anchor>
      ) : (
        '—'
      ),
  },
  { key: 'tracking-number', header: 'Tracking number', render: (r) => r.tracking_number || '—' },
  {
    key: 'file',
    header: 'Label file',
    render: (r) =>
      r.pdf_file ? (
        <Anchor href={r.pdf_file} target="_blank" rel="noopener noreferrer" size="sm" style={LINK_TARGET}>
          Label
        </Anchor>
      ) : (
        '—'
      ),
  },
  {
    key: 'sent',
    header: 'Notification sent',
    render: (r) => (
      <Badge variant="light" color={r.notification_sent ? 'teal' : 'gray'}>
        {r.notification_sent ? 'Yes' : 'No'}
      </Badge>
    ),
  },
];

/** /fedex-requests: every label request, with the label dialog and the notification (admin). */
export function LabelRequestsAdminPage() {
  const table = useTableSearch();
  const requests = useLabelRequests(table.page, PAGE_SIZE.default, table.debouncedSearch.trim());
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TLabelRequest | null>(null);
  const [notifying, setNotifying] = useState<TLabelRequest | null>(null);
  const send = useMutation({
    mutationFn: (request: TLabelRequest) => sendLabelNotification(request.id),
    onSuccess: async (answer) => {
      setNotifying(null);
      notifySuccess(answer.message);
      await queryClient.invalidateQueries({ queryKey: LABEL_KEYS.all });
    },
    onError: () => {
      setNotifying(null);
      // Part 2 §8: a failed notification is an alert.
      window.alert(SHIPPING_LABEL_TEXTS.notificationFailed);
    },
  });
  const columns: DataTableColumn<TLabelRequest>[] = [
    ...COLUMNS,
    {
      key: 'actions',
      header: 'Actions',
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            variant="light"
            aria-label={`Edit label request ${r.id}`}
            onClick={() => setEditing(r)}
          >
            Edit
          </Button>
          {r.pdf_file && (
            <Button
              size="xs"
              variant="subtle"
              aria-label={`Send notification for label request ${r.id}`}
              onClick={() => setNotifying(r)}
            >
              Send notification
            </Button>
          )}
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Title order={1}>Fedex Label Request List</Title>
      <TableSearchInput
        table={table}
        label="Filter"
        placeholder="Center, doctor, patient or tracking number"
      />
      <PagedDataTable
        columns={columns}
        query={requests}
        paging={table}
        rowKey={(r) => r.id}
        pageSize={PAGE_SIZE.default}
        loadingText="Loading label requests..."
      />
      {editing && <LabelEditDialog request={editing} onClose={() => setEditing(null)} />}
      {notifying && (
        <Modal opened onClose={() => setNotifying(null)} title="Send notification" centered>
          <Stack>
            <Text>{send.isPending ? SHIPPING_LABEL_TEXTS.sending : SHIPPING_LABEL_TEXTS.sendConfirm}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setNotifying(null)} disabled={send.isPending}>
                Close
              </Button>
              <Button loading={send.isPending} onClick={() => send.mutate(notifying)}>
                Send
              </Button>
            </Group>
          </Stack>
        </Modal>
      )}
    </Stack>
  );
}

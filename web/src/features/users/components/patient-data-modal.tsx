import { Modal, SimpleGrid, TextInput } from '@mantine/core';
import { YES_NO_LABELS } from '@portal/shared/patients';
import type { TUser } from '@portal/shared/users';
import { formatDate } from '../../../lib/format-date.ts';
import { useLinkedNames } from '../api/get-linked-names.ts';
import { fullName } from './user-text.ts';

const shown = (value: string | number | null) => (value === null || value === '' ? 'N/A' : String(value));
const yesNo = (value: number | null) => (value === null ? 'N/A' : (YES_NO_LABELS[value] ?? 'N/A'));

/**
 * Show Patient Data: the patient's lab tracking, read-only (the patient screens edit it). The lab,
 * centers and rep by name, as User Details shows them, not by their ids.
 */
export function PatientDataModal({ user, onClose }: { user: TUser; onClose: () => void }) {
  const linked = useLinkedNames(user);
  const fields: [string, string][] = [
    ['Name', fullName(user)],
    ['Email', user.email],
    ['Lab ID', shown(user.lab_id)],
    ['Processing Lab', shown(linked.lab(user.processing_lab))],
    ['Harvest Center', shown(linked.account(user.harvest_center_temporal_id))],
    ['Referral Harvest Center', shown(linked.account(user.referral_harvest_center_temporal_id))],
    ['Sales Rep', shown(linked.account(user.saless_rep_id))],
    ['Number of Times QC Done', String(user.number_times_qc_done)],
    ['Date Adipose Shipped to Lab', formatDate(user.date_adipose_shipped_to_lab)],
    ['Date Adipose Received by Lab', formatDate(user.date_adipose_received_by_lab)],
    ['Estimated Date Vials Ready to Ship', formatDate(user.estimated_date_vials_ready_to_ship)],
    ['Date Vials Ready to Ship', formatDate(user.date_vials_ready_to_ship)],
    ['Stem Cell Plating Initiated', formatDate(user.stemcell_plating_initiated_date)],
    ['Stem Cell Plating Successful', yesNo(user.stemcell_plating_successful)],
    ['HLA Typing Test', yesNo(user.hla_typing_test)],
    ['Vials in Preparation', String(user.vials_preparation)],
    ['Vials Ready to Ship', String(user.vials_ready_ship)],
    ['Vials Available', String(user.vials_available)],
    ['Vials Shipped', String(user.vials_shipped)],
  ];

  return (
    <Modal opened onClose={onClose} title="Patient Data" size="lg" centered>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {fields.map(([label, value]) => (
          <TextInput key={label} label={label} value={value} readOnly />
        ))}
      </SimpleGrid>
    </Modal>
  );
}

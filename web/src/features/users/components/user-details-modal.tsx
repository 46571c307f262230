import { Badge, Modal, Table } from '@mantine/core';
import type { TUser } from '@portal/shared/users';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useLinkedNames } from '../api/get-linked-names.ts';
import { useUserTags } from '../api/get-user-choices.ts';
import { fullName, membershipOf } from './user-text.ts';

const orNone = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '—' : String(value);

export function UserDetailsModal({ user, onClose }: { user: TUser; onClose: () => void }) {
  const tags = useUserTags();
  const linked = useLinkedNames(user);
  const tagNames = user.tags.map((id) => tags.data?.find((tag) => tag.id === id)?.name ?? `#${id}`);
  const rows: [string, ReactNode][] = [
    ['ID', user.id],
    ['Name', orNone(fullName(user))],
    ['Username', user.username],
    ['Email', user.email],
    ['Phone Number', orNone(user.phone_number)],
    ['Company', orNone(user.company)],
    ['Membership', membershipOf(user)],
    [
      'Status',
      <Badge key="status" color={user.is_active ? 'green' : 'gray'}>
        {user.is_active ? 'Active' : 'Inactive'}
      </Badge>,
    ],
    ['Tags', tagNames.length ? tagNames.join(', ') : '—'],
    ['Address', orNone(user.address1)],
    ['Address Line 2', orNone(user.address2)],
    ['City', orNone(user.city)],
    ['State', orNone(user.state_desc)],
    ['Country', orNone(user.country_desc)],
    ['Postal Code', orNone(user.zip_code)],
    ['Date Joined', formatDateTime(user.date_joined)],
    ['Last Login', formatDateTime(user.last_login)],
    ['Agreement Accepted', formatDateTime(user.agreement_accepted_at)],
    ['Template ID', orNone(user.template_id)],
    ['Document ID', orNone(user.document_id)],
    ['Domain', orNone(user.domain?.name)],
    ['Sales Rep', orNone(linked.account(user.saless_rep_id))],
    ['Sales Manager', orNone(linked.account(user.sales_manager_id))],
    ['Sales Distributor', orNone(linked.account(user.sales_distributor_id))],
    ['Harvest Center', orNone(linked.account(user.harvest_center_temporal_id))],
    ['Referral Harvest Center', orNone(linked.account(user.referral_harvest_center_temporal_id))],
    ['Processing Lab', orNone(linked.lab(user.processing_lab))],
    [
      'Staff of Harvest Centers',
      user.staff_hc_ids.length ? user.staff_hc_ids.map((id) => linked.account(id)).join(', ') : '—',
    ],
    ['Customer Profile ID', orNone(user.auth_customer_profile_id)],
    ['Payment Profile ID', orNone(user.auth_customer_payment_profile_id)],
  ];

  return (
    <Modal opened onClose={onClose} title="User Details" size="lg" centered>
      <Table>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th w="40%">{label}</Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}

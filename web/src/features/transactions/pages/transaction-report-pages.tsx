import { Select } from '@mantine/core';
import { MEMBERSHIP } from '@portal/shared/memberships';
import { TRANSACTION_TEXTS } from '@portal/shared/transactions';
import { TEXT } from '@portal/shared/ui-constants';
import { useState } from 'react';
import { useSignedInUser } from '../../../lib/use-current-user.ts';
import { useDistributorManagers } from '../api/transactions-api.ts';
import { ADMIN_PICKERS } from '../components/transaction-filters.tsx';
import { TransactionReport } from '../components/transaction-report.tsx';

/** /all-transaction-report: every transaction, the ten filters, the edit (admins). */
export function AllTransactionReportPage() {
  return (
    <TransactionReport
      title={TRANSACTION_TEXTS.adminTitle}
      path="/api/admin/transactions/"
      pickers={ADMIN_PICKERS}
      editable
    />
  );
}

/** /my-transaction-report: a rep's own sales. */
export function MyTransactionReportPage() {
  const user = useSignedInUser();
  return (
    <TransactionReport
      title={TRANSACTION_TEXTS.repTitle}
      path={`/api/v1/sales-rep/${user.id}/my-transactions/`}
    />
  );
}

/** /team-transaction-report: a manager's team, or a distributor's teams. */
export function TeamTransactionReportPage() {
  const user = useSignedInUser();
  const distributor = user.membership[0]?.id === MEMBERSHIP.salesDistributor;
  return (
    <TransactionReport
      title={distributor ? TRANSACTION_TEXTS.distributorTitle : TRANSACTION_TEXTS.managerTitle}
      path={
        distributor
          ? `/api/v1/sales-distributors/${user.id}/team-transactions/`
          : `/api/v1/sales-rep/${user.id}/team-transactions/`
      }
    />
  );
}

/** /manager-teams-transaction-report: a distributor picks one of its managers and sees that team. */
export function ManagerTeamsTransactionReportPage() {
  const user = useSignedInUser();
  const managers = useDistributorManagers(user.id);
  const [managerId, setManagerId] = useState<number | null>(null);
  return (
    <TransactionReport
      title={TRANSACTION_TEXTS.managerTeamsTitle}
      path={managerId === null ? null : `/api/v1/sales-rep/${managerId}/team-transactions/`}
      fixedFilters={managerId === null ? {} : { sales_manager_id: managerId }}
    >
      <Select
        label="Sales manager"
        description="The team to report on"
        placeholder={TEXT.selectPlaceholder}
        searchable
        maw={360}
        data={(managers.data?.results ?? []).map((m) => ({
          value: String(m.id),
          label: m.label || m.email,
        }))}
        value={managerId === null ? null : String(managerId)}
        onChange={(id) => setManagerId(id === null ? null : Number(id))}
      />
    </TransactionReport>
  );
}

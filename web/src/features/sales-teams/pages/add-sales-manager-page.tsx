import { AddTeamMemberForm } from '../components/add-team-member-form.tsx';

/** /add-sales-manager: a sales distributor adds a manager to its team. */
export function AddSalesManagerPage() {
  return <AddTeamMemberForm kind="sales-manager" noun="Sales Manager" />;
}

import { AddTeamMemberForm } from '../components/add-team-member-form.tsx';

/** /add-sales-rep: a sales manager adds a rep to its team. */
export function AddSalesRepPage() {
  return <AddTeamMemberForm kind="sales-rep" noun="Sales Rep" />;
}

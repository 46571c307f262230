import type { TDashboardSummary, TPatientStageCounts } from '@portal/shared/dashboard';
import { LAB_STAGE_LABELS, type TLabStage } from '@portal/shared/patients';

/**
 * Which cards each role's dashboard shows, and where each one leads. A count comes from the summary
 * (GET /api/v1/dashboard/summary/), which counts exactly what the linked list shows.
 */

/** One card of a dashboard's summary (summary-cards.tsx draws it). */
export interface SummaryCardSpec {
  /** What is counted, as the card's title. */
  label: string;
  count: number;
  /** The list the count comes from (filtered where it can be), or `#id` of a section on the dashboard. */
  to: string;
  /** The next action while there is something to count. */
  hint: string;
  /** What to do while there is nothing to count. */
  empty: string;
}

/** Where a role's patient list lives: the sales heads have team lists, everyone else /patients. */
export function patientListOf(kind: TDashboardSummary['kind']): string {
  if (kind === 'sales_manager') return '/all-patients-team';
  if (kind === 'sales_distributor') return '/all-manager-patients-team';
  return '/patients';
}

export const stageListPath = (list: string, stage: TLabStage) => `${list}?stage=${stage}`;

/** The next action at each stage: what moves a patient on. */
const STAGE_TEXT: Record<TLabStage, { hint: string; empty: string }> = {
  registered: {
    hint: 'Tissue not harvested or not shipped yet.',
    empty: 'No patient is waiting for a harvest.',
  },
  shipped_to_lab: {
    hint: 'Tissue on its way: the lab enters the date it arrives.',
    empty: 'No tissue is on its way to a lab.',
  },
  received_by_lab: {
    hint: 'At the lab: the plating date comes next.',
    empty: 'Nothing is waiting for plating.',
  },
  plating: { hint: 'Plating started: the vials-ready date comes next.', empty: 'No plating under way.' },
  ready: { hint: 'Vials ready: record them when stored or shipped.', empty: 'No vials are waiting to ship.' },
  vials: { hint: 'Patients with vials in storage.', empty: 'No patient has vials in storage.' },
  all_shipped: {
    hint: 'Every vial of these patients has shipped.',
    empty: 'No patient has shipped all vials.',
  },
};

function stageCard(
  list: string,
  patients: TPatientStageCounts,
  stage: TLabStage,
  text: Partial<SummaryCardSpec> = {},
): SummaryCardSpec {
  return {
    label: LAB_STAGE_LABELS[stage],
    count: patients.by_stage[stage],
    to: stageListPath(list, stage),
    ...STAGE_TEXT[stage],
    ...text,
  };
}

function patientsCard(list: string, patients: TPatientStageCounts, text: Partial<SummaryCardSpec> = {}) {
  return {
    label: 'Patients',
    count: patients.total,
    to: list,
    hint: 'Open the list to search, filter by stage or open a patient.',
    empty: 'No patients yet.',
    ...text,
  };
}

export function summaryCards(summary: TDashboardSummary): SummaryCardSpec[] {
  const list = patientListOf(summary.kind);
  switch (summary.kind) {
    case 'admin':
      return [
        patientsCard(list, summary.patients, { empty: 'No patients yet: add one with Add Patient.' }),
        stageCard(list, summary.patients, 'shipped_to_lab', {
          label: 'Awaiting a lab date',
          hint: 'Tissue shipped: enter the date the lab received it.',
        }),
        stageCard(list, summary.patients, 'ready'),
        {
          label: 'Inactive users',
          count: summary.inactive_users,
          to: '/inactive-users',
          hint: 'Activate them again, or delete those no longer needed.',
          empty: 'No inactive accounts.',
        },
        {
          label: 'Mail failures',
          count: summary.failed_mail,
          to: '/mail-outbox?status=failed',
          hint: 'Mail that could not be delivered: open one to see why.',
          empty: 'Every mail was delivered or is on its way.',
        },
      ];
    case 'lab':
      return [
        {
          label: 'Harvest centers',
          count: summary.harvest_centers,
          to: '/lab',
          hint: 'The centers that send tissue to your lab.',
          empty: 'No harvest center sends tissue to your lab yet: an admin links them.',
        },
        stageCard(list, summary.patients, 'shipped_to_lab', {
          label: 'Awaiting receipt',
          hint: 'Enter the date received when the tissue arrives.',
        }),
        stageCard(list, summary.patients, 'received_by_lab', {
          label: 'Awaiting plating',
          hint: 'Enter the plating date when plating starts.',
        }),
        stageCard(list, summary.patients, 'plating'),
        stageCard(list, summary.patients, 'ready'),
        stageCard(list, summary.patients, 'vials'),
      ];
    case 'harvest_center':
      return [
        patientsCard(list, summary.patients, { empty: 'No patients yet: add one with Add Patient below.' }),
        stageCard(list, summary.patients, 'registered', {
          label: 'Awaiting harvest',
          hint: 'Enter the date tissue is shipped to the lab.',
        }),
        stageCard(list, summary.patients, 'vials'),
        {
          label: 'Referral patients',
          count: summary.referral_patients,
          to: '/referral-patients',
          hint: 'Your patients sent by referral harvest centers.',
          empty: 'No referred patients yet.',
        },
        {
          label: 'Staff',
          count: summary.staff,
          to: '/staff-view',
          hint: 'The people who work for your center.',
          empty: 'No staff yet: an admin adds staff accounts.',
        },
      ];
    case 'referral_harvest_center':
      return [
        patientsCard(list, summary.patients, {
          label: 'Referred patients',
          empty: 'No referred patients yet.',
        }),
        stageCard(list, summary.patients, 'registered', { label: 'Awaiting harvest' }),
        stageCard(list, summary.patients, 'vials'),
      ];
    case 'hc_staff':
      return [
        {
          label: 'Associated harvest centers',
          count: summary.harvest_centers,
          to: '#associated-harvest-centers',
          hint: "Use 'Access to this HC' to work for one.",
          empty: 'You are not linked to a harvest center yet: ask an admin.',
        },
        patientsCard(list, summary.patients),
        stageCard(list, summary.patients, 'registered', { label: 'Awaiting harvest' }),
      ];
    case 'sales_rep':
      return [
        {
          label: 'Harvest centers',
          count: summary.harvest_centers,
          to: '/harvest-centers',
          hint: 'Your harvest centers.',
          empty: 'No harvest centers yet: share your signup link below.',
        },
        {
          label: 'Referral harvest centers',
          count: summary.referral_harvest_centers,
          to: '/referral-harvest-centers',
          hint: 'Your referral harvest centers.',
          empty: 'None yet: share your referral signup link below.',
        },
        patientsCard(list, summary.patients, { hint: "Your centers' patients." }),
        stageCard(list, summary.patients, 'registered', { label: 'Awaiting harvest' }),
      ];
    case 'sales_manager':
      return [
        {
          label: 'Sales reps',
          count: summary.sales_reps,
          to: '#sales-rep-team',
          hint: 'Your team, listed below.',
          empty: 'No reps yet: add one with Add Sales Rep.',
        },
        patientsCard(list, summary.patients, { label: 'Team patients', hint: "Your reps' patients." }),
        stageCard(list, summary.patients, 'registered', { label: 'Awaiting harvest' }),
      ];
    case 'sales_distributor':
      return [
        {
          label: 'Sales managers',
          count: summary.sales_managers,
          to: '#sales-manager-team',
          hint: 'Your team, listed below.',
          empty: 'No managers yet: add one with Add Sales Manager.',
        },
        {
          label: 'Sales reps',
          count: summary.sales_reps,
          to: '/all-manager-sr-team',
          hint: "Your managers' reps.",
          empty: 'No reps yet: your managers add them.',
        },
        patientsCard(list, summary.patients, { label: 'Team patients', hint: "Your team's patients." }),
        stageCard(list, summary.patients, 'registered', { label: 'Awaiting harvest' }),
      ];
    case 'patient': {
      const stage = `Where your tissue is: ${LAB_STAGE_LABELS[summary.lab_stage]}.`;
      return [
        {
          label: 'Vials available',
          count: summary.vials_available,
          to: '#vials-history',
          hint: 'Stored for you at the lab.',
          empty: `None yet. ${stage}`,
        },
        {
          label: 'Vials shipped',
          count: summary.vials_shipped,
          to: '#vials-history',
          hint: 'Sent out from storage: see the history below.',
          empty: 'None shipped yet.',
        },
      ];
    }
  }
}

/** The roles whose dashboard also shows every stage (the patients move through them). */
export function stageCountsOf(summary: TDashboardSummary): TPatientStageCounts | null {
  return 'patients' in summary ? summary.patients : null;
}

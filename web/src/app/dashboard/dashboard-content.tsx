import { Center, Loader, Stack } from '@mantine/core';
import type { TSessionUser } from '@portal/shared/auth';
import { MEMBERSHIP, type MembershipId } from '@portal/shared/memberships';
import { type ComponentType, lazy, Suspense } from 'react';
import { PlacedAfter } from '../../components/placed-after.tsx';
import { useDashboardSummary } from './get-dashboard-summary.ts';
import { DashboardSummary } from './summary-cards.tsx';
import { WelcomeHeading } from './welcome-heading.tsx';

export interface DashboardContentProps {
  user: TSessionUser;
}

const M = MEMBERSHIP;

/** Each role's screens load on first use: a user downloads only its own role's dashboard. */
function lazyContent(load: () => Promise<ComponentType<DashboardContentProps>>) {
  return lazy(() => load().then((component) => ({ default: component })));
}

const LabContent = lazyContent(() => import('./lab-dashboard.tsx').then((m) => m.LabDashboard));
const PatientContent = lazyContent(() => import('./patient-dashboard.tsx').then((m) => m.PatientDashboard));
const HarvestCenterContent = lazyContent(() =>
  import('./center-dashboards.tsx').then((m) => m.HarvestCenterDashboard),
);
const ReferralHarvestCenterContent = lazyContent(() =>
  import('./center-dashboards.tsx').then((m) => m.ReferralHarvestCenterDashboard),
);
const StaffContent = lazyContent(() => import('./staff-dashboard.tsx').then((m) => m.StaffDashboard));
const SalesRepContent = lazyContent(() => import('./sales-dashboards.tsx').then((m) => m.SalesRepDashboard));
const SalesManagerContent = lazyContent(() =>
  import('./sales-dashboards.tsx').then((m) => m.SalesManagerDashboard),
);
const SalesDistributorContent = lazyContent(() =>
  import('./sales-dashboards.tsx').then((m) => m.SalesDistributorDashboard),
);
/** The admin dashboard (new sign-ups, the user list), in its own chunk: no other role downloads it. */
const AdminContent = lazyContent(() => import('./admin-dashboard.tsx').then((m) => m.AdminDashboard));

function Loading() {
  return (
    <Center py="xl">
      <Loader />
    </Center>
  );
}

/** The role's own content, shown once the summary above it has its final height. */
function ContentUnderSummary({
  user,
  content: Content,
}: DashboardContentProps & { content: ComponentType<DashboardContentProps> }) {
  const summary = useDashboardSummary();
  return (
    <PlacedAfter loading={summary.isPending}>
      <Suspense fallback={<Loading />}>
        <Content user={user} />
      </Suspense>
    </PlacedAfter>
  );
}

/** A role's dashboard with no welcome heading (the admin's list has its own title), under its summary. */
function WithoutWelcome({
  user,
  content: Content,
}: DashboardContentProps & { content: ComponentType<DashboardContentProps> }) {
  return (
    <Stack gap="lg">
      <DashboardSummary />
      <ContentUnderSummary user={user} content={Content} />
    </Stack>
  );
}

/** A role's dashboard under the welcome heading and its summary. */
function WithWelcome({
  user,
  content: Content,
}: DashboardContentProps & { content: ComponentType<DashboardContentProps> }) {
  return (
    <Stack gap="lg">
      <WelcomeHeading user={user} />
      <DashboardSummary />
      <ContentUnderSummary user={user} content={Content} />
    </Stack>
  );
}

/**
 * What the dashboard shows to each first membership (part 1 §2, "Dashboard content by membership").
 * Every role is listed, so none can be forgotten; the issue that builds a role's screen replaces its entry.
 */
export const DASHBOARD_CONTENT: Record<MembershipId, ComponentType<DashboardContentProps>> = {
  [M.lab]: (props) => <WithWelcome {...props} content={LabContent} />,
  [M.patient]: (props) => <WithWelcome {...props} content={PatientContent} />,
  [M.salesRep]: (props) => <WithWelcome {...props} content={SalesRepContent} />,
  [M.harvestCenter]: (props) => <WithWelcome {...props} content={HarvestCenterContent} />,
  [M.referralHarvestCenter]: (props) => <WithWelcome {...props} content={ReferralHarvestCenterContent} />,
  [M.salesManager]: (props) => <WithWelcome {...props} content={SalesManagerContent} />,
  [M.admin]: (props) => <WithoutWelcome {...props} content={AdminContent} />,
  [M.salesDistributor]: (props) => <WithWelcome {...props} content={SalesDistributorContent} />,
  [M.hcStaff]: (props) => <WithWelcome {...props} content={StaffContent} />,
  [M.adminEquivalent]: (props) => <WithoutWelcome {...props} content={AdminContent} />,
  [M.labRouteAccess]: (props) => <WithWelcome {...props} content={LabContent} />,
};

import type { TSessionUser } from '@portal/shared/auth';
import { MEMBERSHIP, type MembershipId } from '@portal/shared/memberships';
import type { ComponentType } from 'react';
import { WelcomeHeading } from './components/welcome-heading.tsx';

export interface DashboardContentProps {
  user: TSessionUser;
}

const M = MEMBERSHIP;

/**
 * What the dashboard shows to each first membership (part 1 §2, "Dashboard content by membership").
 * Every role is listed, so none can be forgotten; the issue that builds a role's screen replaces its entry.
 */
export const DASHBOARD_CONTENT: Record<MembershipId, ComponentType<DashboardContentProps>> = {
  [M.lab]: WelcomeHeading,
  [M.patient]: WelcomeHeading,
  [M.salesRep]: WelcomeHeading,
  [M.harvestCenter]: WelcomeHeading,
  [M.referralHarvestCenter]: WelcomeHeading,
  [M.salesManager]: WelcomeHeading,
  [M.admin]: WelcomeHeading,
  [M.salesDistributor]: WelcomeHeading,
  [M.hcStaff]: WelcomeHeading,
  [M.adminAlt]: WelcomeHeading,
  [M.labRouteAccess]: WelcomeHeading,
};

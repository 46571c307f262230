import { Anchor, AppShell, Burger, Group, Image } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TSessionUser } from '@portal/shared/auth';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { AgreementGate } from '../features/agreement/components/agreement-gate.tsx';
import { PatientVialsSlot } from '../features/patients/components/patient-vials-slot.ts';
import { PatientSigningSlot } from '../features/users/components/patient-signing-slot.ts';
import { BRANDING } from '../lib/branding.ts';
import { getToken, loginPath } from '../lib/session.ts';
import { useCurrentUser } from '../lib/use-current-user.ts';
import { Logo } from './logo.tsx';
import { PatientFormVials } from './patient-form-vials.tsx';
import { PatientSigning } from './patient-signing.tsx';
import { RESOURCE_CENTER_CLEARANCE, ResourceCenter } from './resource-center.tsx';
import { ReturnToAccountBanner } from './return-to-account-banner.tsx';
import { MAIN_CONTENT_ID } from './root-layout.tsx';
import { SideMenu } from './side-menu.tsx';
import { TestPaymentsBanner } from './test-payments-banner.tsx';
import { UserMenu } from './user-menu.tsx';

/** Every signed-in route: without a stored session, the login page first (and back here after). */
export function AppLayout() {
  const location = useLocation();
  const user = useCurrentUser();
  if (!getToken() || !user) return <Navigate to={loginPath(location.pathname + location.search)} replace />;
  return <SignedInShell user={user} />;
}

function SignedInShell({ user }: { user: TSessionUser }) {
  const [navbarOpened, navbar] = useDisclosure();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
      padding="md"
    >
      <AppShell.Header>
        {/* One bar at any width: nothing wraps; the user's name gives way (cut short, whole in its title). */}
        <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
            <Burger
              opened={navbarOpened}
              onClick={navbar.toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label="Toggle menu"
            />
            <Anchor component={Link} to="/dashboard" underline="never" aria-label={`${BRANDING.title} home`}>
              <Logo titleVisibleFrom="sm" />
            </Anchor>
            {user.logo_url && (
              <Image
                src={user.logo_url}
                alt={`${user.company} logo`}
                h={{ base: 28, sm: 36 }}
                w="auto"
                maw={{ base: 72, sm: 140 }}
                fit="contain"
              />
            )}
          </Group>
          <Group gap="xs" wrap="nowrap" miw={0}>
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md" aria-label="Main menu">
        <SideMenu user={user} onNavigate={navbar.close} />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} pb={RESOURCE_CENTER_CLEARANCE}>
        <TestPaymentsBanner mb="md" />
        <ReturnToAccountBanner />
        <AgreementGate user={user}>
          <PatientVialsSlot value={PatientFormVials}>
            <PatientSigningSlot value={PatientSigning}>
              <Outlet />
            </PatientSigningSlot>
          </PatientVialsSlot>
        </AgreementGate>
      </AppShell.Main>
      <ResourceCenter user={user} />
    </AppShell>
  );
}

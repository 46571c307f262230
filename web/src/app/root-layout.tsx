import { Box, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { MembershipId } from '@portal/shared/memberships';
import { TEXT } from '@portal/shared/ui-constants';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import './app.css';
import { BRANDING } from '../lib/branding.ts';
import { getStoredUser } from '../lib/session.ts';
import { useBuildVersionCheck } from './build-version.ts';
import { useDialogFocus } from './dialog-focus.ts';
import { Logo } from './logo.tsx';
import { useRouteHandle } from './routes.ts';
import { TestPaymentsBanner } from './test-payments-banner.tsx';

/** Where "Skip to content" lands: the main landmark of every layout. */
export const MAIN_CONTENT_ID = 'main-content';

/** Around every page, signed in or not: the page title, the skip link and the build-version check. */
export function RootLayout() {
  const { title: routeTitle, titleFor } = useRouteHandle();
  // The signed-in membership's own title where the route has one (its heading says the same).
  const membership = getStoredUser()?.membership[0]?.id;
  const title = (membership !== undefined ? titleFor?.[membership as MembershipId] : undefined) ?? routeTitle;
  useBuildVersionCheck();
  useDialogFocus();
  useEffect(() => {
    document.title = title ? `${title} — ${BRANDING.title}` : BRANDING.title;
  }, [title]);
  return (
    <>
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to content
      </a>
      <Outlet />
    </>
  );
}

/** The guest screens (login, password reset, signing, not found): the portal's name above the page, and the test-payments banner above all. */
export function PublicLayout() {
  const { wide } = useRouteHandle();
  return (
    <>
      <TestPaymentsBanner />
      <Stack mih="100vh" align="center" justify="center" gap="lg" p="md">
        <Box component="header">
          <Logo size={40} />
        </Box>
        <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} w="100%" maw={wide ? 960 : 420}>
          <Outlet />
        </Box>
      </Stack>
    </>
  );
}

/** A page that failed to render or to load its chunk. */
export function RouteError() {
  return (
    <Center component="main" mih="100vh">
      <Stack align="center">
        <Text component="h1" fw={600}>
          {TEXT.somethingWrong}
        </Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}

/** While the first page's chunk loads. */
export function PageLoader() {
  return (
    <Center mih="100vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}

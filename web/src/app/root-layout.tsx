import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { TEXT } from '@portal/shared/ui-constants';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useBuildVersionCheck } from './build-version.ts';
import { useRouteHandle } from './routes.ts';

/** Around every page, signed in or not: the page title and the build-version check. */
export function RootLayout() {
  const { title } = useRouteHandle();
  useBuildVersionCheck();
  useEffect(() => {
    document.title = title ? `${title} — ${TEXT.portalName}` : TEXT.portalName;
  }, [title]);
  return <Outlet />;
}

/** A page that failed to render or to load its chunk. */
export function RouteError() {
  return (
    <Center mih="100vh">
      <Stack align="center">
        <Text>{TEXT.somethingWrong}</Text>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </Stack>
    </Center>
  );
}

/** While the first page's chunk loads. */
export function PageLoader() {
  return (
    <Center mih="100vh">
      <Loader />
    </Center>
  );
}

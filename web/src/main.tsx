import { styleNonce } from './csp.ts';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { NotificationsHost } from './app/notifications-host.tsx';
import { router } from './app/router.tsx';
import { theme } from './app/theme.ts';
import { ApiError } from './lib/api-client.ts';
import { applyBrandColor } from './lib/branding.ts';

applyBrandColor();

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx answer will not change on retry; network failures and 5xx get two more tries.
      retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 2,
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {/* Mantine's own <style> elements (CSS variables, responsive props) carry the page's nonce. */}
    <MantineProvider theme={theme} getStyleNonce={() => styleNonce}>
      <QueryClientProvider client={queryClient}>
        <NotificationsHost />
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

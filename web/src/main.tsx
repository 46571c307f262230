import { styleNonce } from './csp.ts';
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { NotificationsHost } from './app/notifications-host.tsx';
import { router } from './app/router.tsx';
import { theme } from './app/theme.ts';
import { applyBrandColor } from './lib/branding.ts';
import { createQueryClient } from './lib/query-client.ts';

applyBrandColor();

const queryClient = createQueryClient();

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

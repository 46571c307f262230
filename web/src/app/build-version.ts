import type { ZBuildVersion } from '@portal/shared/auth';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { z } from 'zod';
import { api } from '../lib/api-client.ts';

/** Not a session key: logging out must not make the next visit look like a new deploy. */
const STORAGE_KEY = 'portal.build_version';

async function checkBuildVersion(): Promise<void> {
  const { version } = await api.get<z.infer<typeof ZBuildVersion>>('/auth/build-version/', {
    anonymous: true,
  });
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored === version) return;
  localStorage.setItem(STORAGE_KEY, version);
  // A first visit only learns the version. A different one is a new deploy: this page's chunks are gone.
  if (stored !== null) window.location.reload();
}

/** Part 1 §4: each route change asks the server which build it runs. */
export function useBuildVersionCheck(): void {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the route change is the trigger, not an input
  useEffect(() => {
    // Offline or a restarting server: the next route change asks again.
    checkBuildVersion().catch(() => undefined);
  }, [pathname]);
}

// Signs in every demo role once per run; the tests share these sessions (support/fixtures.ts).
import fs from 'node:fs';
import path from 'node:path';
import { test as setup } from '@playwright/test';
import { sessionsFile } from '../playwright.config.ts';
import { DEMO_ACCOUNTS, type DemoRole, type StoredSession, signIn } from './fixtures.ts';

setup('sign in each demo role', async ({ request }) => {
  const sessions: Partial<Record<DemoRole, StoredSession>> = {};
  for (const role of Object.keys(DEMO_ACCOUNTS) as DemoRole[]) sessions[role] = await signIn(request, role);
  fs.mkdirSync(path.dirname(sessionsFile), { recursive: true });
  fs.writeFileSync(sessionsFile, JSON.stringify(sessions));
});

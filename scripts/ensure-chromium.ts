// Browser tests drive Debian's Chromium headless shell; install it when missing (CI runs as root on Debian).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { CHROMIUM, CHROMIUM_PACKAGE } from './chromium.ts';

if (!fs.existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install it with: sudo apt-get install -y ${CHROMIUM_PACKAGE}`,
    );
    process.exit(1);
  }
  console.log(`Installing Debian's ${CHROMIUM_PACKAGE} for the browser tests…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const steps = [
    ['apt-get', ['update', '-q']],
    ['apt-get', ['install', '-y', '-q', '--no-install-recommends', CHROMIUM_PACKAGE]],
  ] as const;
  for (const [cmd, args] of steps) {
    const result = spawnSync(cmd, args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(
        `Could not install ${CHROMIUM_PACKAGE} (${cmd} ${args.join(' ')} exited ${result.status}).`,
      );
      process.exit(1);
    }
  }
  if (!fs.existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
    process.exit(1);
  }
}

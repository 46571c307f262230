// The portal as a benchmark measures it: `node server/src/main.ts` with `npm start`'s Node flags
// (read from package.json, so the two cannot drift), in its own process, on a free port. What
// scripts/start.ts adds before main.ts (building the web app, reading .env) is left out: a benchmark
// sets its environment itself and loads no page.
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/helpers/server-process.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/** `npm start` is `node <flags> scripts/start.ts`: the flags. */
export const START_NODE_FLAGS: string[] = (
  JSON.parse(fs.readFileSync(`${ROOT}package.json`, 'utf8')).scripts.start as string
)
  .split(/\s+/)
  .slice(1)
  .filter((arg) => arg.startsWith('--'));

export type PortalProcess = {
  base: string;
  pid: number;
  child: ChildProcess;
  /** SIGTERM, and waits for the exit. */
  stop(): Promise<void>;
};

/**
 * Starts the portal on `env` (over this process's environment; PORT, HOST and PUBLIC_URL are set
 * here) and resolves once `readyPath` answers 200: by default /api/health/, which waits for the
 * start-up work (the demo documents' sealing) so that it does not run under the measured load.
 * Its log goes to /dev/null, as cheap a sink as a log can have; standard error is shown.
 */
export async function startPortalProcess(
  env: Record<string, string>,
  options: { readyPath?: string; readyWithinMs?: number } = {},
): Promise<PortalProcess> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...START_NODE_FLAGS, MAIN], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, ...env },
  });
  const exited = once(child, 'exit');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  const readyPath = options.readyPath ?? '/api/health/';
  const readyWithinMs = options.readyWithinMs ?? 180_000;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the portal exited (${child.exitCode}) before it was ready`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the portal did not answer ${readyPath} with 200 within ${readyWithinMs / 1000} s`);
    }
    const ready = await fetch(`${base}${readyPath}`).then(
      async (response) => {
        await response.arrayBuffer();
        return response.ok;
      },
      () => false,
    );
    if (ready) return { base, pid: child.pid as number, child, stop };
    await sleep(200);
  }
}

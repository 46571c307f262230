import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const MAIN = path.resolve(import.meta.dirname, '../../src/main.ts');

/** A port nothing listens on now (the kernel's pick, released at once). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type ServerProcess = {
  url: string;
  child: ChildProcess;
  /** Every JSON log line so far. */
  logs: Record<string, unknown>[];
  /** What the process wrote to standard error (a crash's stack). */
  stderr(): string;
  /** SIGTERM, and the exit code. */
  stop(): Promise<number | null>;
};

/**
 * The portal as a real server process (`node server/src/main.ts`, as production runs it, or another
 * entry such as scripts/start-prod.ts), on the given environment (a variable given as undefined is
 * left unset); resolves once `/readyz` answers 200.
 */
export async function startServerProcess(
  env: Record<string, string | undefined>,
  options: {
    script?: string;
    /**
     * The host name of PUBLIC_URL and of `url` (the server listens on 127.0.0.1 either way): passkeys
     * need a host name such as localhost, an address is not a valid WebAuthn RP id.
     */
    publicHost?: string;
    /** How long it may take to answer `/readyz` (a demo seed on a busy machine takes longer). */
    readyWithinMs?: number;
  } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const publicUrl = `http://${options.publicHost ?? '127.0.0.1'}:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-proc-'));
  const merged: Record<string, string | undefined> = {
    PATH: process.env.PATH ?? '',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    WHITE_LABEL_DNS_SERVERS: '127.0.0.1:9',
    ...env,
  };
  const child = spawn(process.execPath, ['--max-semi-space-size=8', options.script ?? MAIN], {
    env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  let pending = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        logs.push({ msg: line });
      }
    }
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const localUrl = `http://127.0.0.1:${port}`;
  const readyWithinMs = options.readyWithinMs ?? 60_000;
  const deadline = Date.now() + readyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready in ${readyWithinMs / 1000} s: ${stderr}`);
    }
    const ready = await fetch(`${localUrl}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: publicUrl,
    child,
    logs,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const code = await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
      return code;
    },
  };
}

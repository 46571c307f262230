// What the benchmark scripts share: a free port for the server they start, and docs/benchmarks.md,
// where each run goes below its section's marker line, newest first.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

const REPORT_FILE = path.resolve(import.meta.dirname, '../docs/benchmarks.md');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Writes a run under `marker` in docs/benchmarks.md, or only says so with --quick. */
export function recordRun(marker: string, lines: string[], quick: boolean): void {
  if (quick) {
    console.log('(--quick: docs/benchmarks.md left as it was)');
    return;
  }
  const report = fs.readFileSync(REPORT_FILE, 'utf8');
  if (!report.includes(marker)) throw new Error(`${REPORT_FILE} has no line ${marker}`);
  fs.writeFileSync(REPORT_FILE, report.replace(marker, `${marker}\n\n${lines.join('\n').trimEnd()}`));
}

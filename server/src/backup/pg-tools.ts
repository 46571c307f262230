import { spawn } from 'node:child_process';
import path from 'node:path';
import { BackupError } from './manifest.ts';

/**
 * Runs PostgreSQL's own client tool (pg_dump, pg_restore) from `binDir` or PATH; its error output
 * becomes the message. The connection string goes in an argument, never in a log line.
 */
export function runPgTool(binDir: string, tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<void> {
  const command = binDir ? path.join(binDir, tool) : tool;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found: install PostgreSQL's client tools (the version of the server or newer) or set PG_BIN_DIR.`,
            )
          : error,
      ),
    );
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim().slice(0, 2000)}`));
    });
  });
}

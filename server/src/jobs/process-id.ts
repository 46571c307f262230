import { randomBytes } from 'node:crypto';
import os from 'node:os';

/** This server process, as job claims and the start-up log line name it (host:pid:nonce). */
export const PROCESS_ID = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

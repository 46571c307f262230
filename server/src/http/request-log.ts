import type { FastifyInstance } from 'fastify';
import pino from 'pino';

let stdout: pino.DestinationStream | undefined;

/** The levels at which info lines are written ('silent' and the quieter ones leave them out). */
const INFO_LINES_KEPT = { trace: true, debug: true, info: true };

/**
 * Standard output for the logs, written asynchronously: a synchronous write per line held the event
 * loop for about a third of a small route's time under load (docs/decisions/035). Lines written
 * while a write is in flight go out together; what is still buffered is written when the process
 * exits. One destination per process, however many apps it builds.
 */
export function stdoutLogDestination(): pino.DestinationStream {
  if (!stdout) {
    const destination = pino.destination({ dest: 1, sync: false });
    process.once('exit', () => {
      try {
        destination.flushSync();
      } catch {
        // Nothing more can be done for a log line while the process ends.
      }
    });
    stdout = destination;
  }
  return stdout;
}

/**
 * One line per request, when it is answered (Fastify's own logging writes two: on arrival and on
 * answer). The request's id, method, redacted URL, status and time are on it; errors still log
 * their own line. No hook at all when the level leaves info lines out.
 */
export function registerRequestLog(app: FastifyInstance): void {
  if (!(app.log.level in INFO_LINES_KEPT)) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    done();
  });
}

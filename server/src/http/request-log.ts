import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import pino from 'pino';

let stdout: pino.DestinationStream | undefined;

/**
 * Standard output for the logs, written asynchronously: pino's default writes each line with a
 * blocking write(2), so a slow pipe or disk under the log stalls every request (docs/decisions/035).
 * Lines written while a write is in flight go out together; what is still buffered is written when
 * the process exits. One destination per process, however many apps it builds.
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
 * answer): the request's id, method, redacted URL, status and time are on it.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error(
        { req: request, res: reply, err: error, responseTime: reply.elapsedTime },
        'request errored',
      );
    } else {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}

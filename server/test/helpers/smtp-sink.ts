import { SMTPServer } from 'smtp-server';

export type Received = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on loopback that records what it receives. `keepRaw` (default: every mail) says
 * which mails keep their text; the others are recorded with an empty `raw`, so that a long run (the
 * soak) does not hold every attachment it was sent.
 */
export async function startSmtp(
  options: { keepRaw?: (to: string[]) => boolean } = {},
): Promise<{ port: number; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to,
          raw: (options.keepRaw?.(to) ?? true) ? Buffer.concat(chunks).toString('utf8') : '',
        });
        callback();
      });
    },
  });
  // A client that dies mid-conversation (a server process killed on purpose) is not the sink's failure.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, received, close: () => new Promise((r) => server.close(() => r())) };
}

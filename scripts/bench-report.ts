// What the benchmark scripts share: a free port for the server they start. (Their figures go to
// their own section of docs/benchmarks.md through server/bench/report-section.ts.)
import net from 'node:net';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

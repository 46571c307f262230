// The floor every route is compared with: Fastify with one trivial JSON route and nothing else, in a
// process of its own (load.ts's startBareFastify spawns it), so that it has a core as the portal does
// rather than sharing one with the load generator. Prints its address as its first line of output.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${address}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}

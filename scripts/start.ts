// `npm start`: build the web app when its sources are newer than the build, then run the server.
// The demo unless NODE_ENV=production: the sandbox card gateway (every page says "Test payments")
// and demo data on a fresh embedded database (docs/decisions/030-production-defaults.md).
import { buildWebIfStale } from './build-web.ts';
import { loadDotEnv } from './dot-env.ts';

if (!buildWebIfStale()) process.exit(1);
loadDotEnv();
await import('../server/src/main.ts');

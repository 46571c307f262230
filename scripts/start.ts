// `npm start`: build the web app when its sources are newer than the build, then run the server.
import { buildWebIfStale } from './build-web.ts';
import { loadDotEnv } from './dot-env.ts';

if (!buildWebIfStale()) process.exit(1);
loadDotEnv();
await import('../server/src/main.ts');

// `npm run start:prod`: the server alone, on the web app built beforehand (`npm run build`, or the
// Docker image's build stage): no build step, no dev dependencies, configured by the environment
// (DATABASE_URL, STORAGE_DRIVER=s3 and the S3_* settings for several replicas; see README).
// It is production unless NODE_ENV says otherwise: PAYMENT_GATEWAY must be named, and demo data is
// seeded only with SEED_DEMO=true (docs/decisions/030-production-defaults.md).
import fs from 'node:fs';
import path from 'node:path';
import { loadDotEnv } from './dot-env.ts';

loadDotEnv();
process.env.NODE_ENV ??= 'production';
const { webDist } = await import('./web-bundle.ts');
if (!fs.existsSync(path.join(webDist, 'index.html'))) {
  console.error(`No built web app in ${webDist}: run \`npm run build\` first.`);
  process.exit(1);
}
await import('../server/src/main.ts');

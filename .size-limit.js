// The login page's JavaScript budget (issue 9): every script the browser fetches to show `/`,
// counted as the server sends them: the brotli copy written at build (web/vite-precompress.ts,
// served by @fastify/static preCompressed), or the file itself when it has none (under 1 KB).
// Each role's dashboard (issue 35): every script it fetches, gzipped (the goal's measure; the copy
// written at build, level 9), at most 300 kB; `npm run bench:web` counts the same in the browser.
// `npm run lint` builds the web app first when it is out of date.
import fs from 'node:fs';
import { LOGIN_PAGE, scriptsOfDashboard, scriptsOfPage } from './scripts/web-bundle.ts';
import { ROLE_DASHBOARDS } from './web/vite-chunks.ts';

const copy = (extension) => (file) => (fs.existsSync(`${file}${extension}`) ? `${file}${extension}` : file);

export default [
  {
    name: 'login page JavaScript (brotli, as served)',
    path: scriptsOfPage(LOGIN_PAGE).map(copy('.br')),
    // The files are compressed already: count their bytes as they are.
    brotli: false,
    gzip: false,
    limit: '170 kB',
  },
  ...Object.keys(ROLE_DASHBOARDS).map((role) => ({
    name: `${role} dashboard JavaScript (gzip)`,
    path: scriptsOfDashboard(role).map(copy('.gz')),
    brotli: false,
    gzip: false,
    limit: '300 kB',
  })),
];

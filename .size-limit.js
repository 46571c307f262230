// The login page's JavaScript budget (issue 9): every script the browser fetches to show `/`,
// counted as the server sends them: the brotli copy written at build (web/vite-precompress.ts,
// served by @fastify/static preCompressed), or the file itself when it has none (under 1 KB).
// `npm run lint` builds the web app first when it is out of date.
import fs from 'node:fs';
import { LOGIN_PAGE, scriptsOfPage } from './scripts/web-bundle.ts';

const served = scriptsOfPage(LOGIN_PAGE).map((file) => (fs.existsSync(`${file}.br`) ? `${file}.br` : file));

export default [
  {
    name: 'login page JavaScript (brotli, as served)',
    path: served,
    // The files are compressed already: count their bytes as they are.
    brotli: false,
    gzip: false,
    limit: '170 kB',
  },
];

import { fileURLToPath } from 'node:url';
import { CSP_NONCE_PLACEHOLDER } from '@portal/shared/csp';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPagesChunks } from './vite-chunks.ts';
import { precompressAssets } from './vite-precompress.ts';

// In development the API runs as its own process; in production the server serves this build itself.
const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), precompressAssets()],
  // Every `zod` import gets the CSP-safe configuration first (src/zod-jitless.ts).
  resolve: {
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/zod-jitless.ts', import.meta.url)) }],
  },
  // Vite writes the placeholder as the nonce of index.html's tags and of a meta tag the app reads;
  // the server replaces it per answer and allows that nonce in its CSP (server/src/http).
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  // WEB_DIST_DIR lets parallel test runs build side by side; the server reads the same variable.
  build: {
    outDir: process.env.WEB_DIST_DIR ?? 'dist',
    emptyOutDir: true,
    // Lists each page's chunks: the size budget (.size-limit.ts) measures what the login page loads.
    manifest: true,
    // What the entry needs (React, the router, the query client, zod, the app's shell) is one chunk:
    // left to itself the bundler split it into a score of small common chunks, each a request and
    // each compressed on its own (the login page: 36 requests, 175 kB; with the group: 18, 163 kB).
    // The pages after it, the login page and each role's dashboard, get a few files each the same
    // way (vite-chunks.ts; a dashboard: 56-82 requests before, 5-7 after).
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }, firstPagesChunks()] },
      },
    },
  },
  server: {
    proxy: { '/api': api, '/auth': api, '/media': api, '/domain': api },
  },
});

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In development the API runs as its own process; in production the server serves this build itself.
const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  // WEB_DIST_DIR lets parallel test runs build side by side; the server reads the same variable.
  build: { outDir: process.env.WEB_DIST_DIR ?? 'dist', emptyOutDir: true },
  server: {
    proxy: { '/api': api, '/auth': api, '/media': api, '/domain': api },
  },
});

import { defineConfig } from 'vitest/config';

const apiProject = (name: string, globalSetup: string) => ({
  test: {
    name,
    include: ['server/test/**/*.test.ts'],
    globalSetup: [globalSetup],
    // Files share one module graph (each still gets its own database): importing the app once
    // instead of per file halves the suite's time.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one worker on CI's two. The API files wait
    // on PostgreSQL and on sockets much of the time, so two workers keep both cores busy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'shared/src/**/*.test.ts',
            'server/src/**/*.test.ts',
            'server/bench/**/*.test.ts',
            'web/src/**/*.test.ts',
          ],
        },
      },
      apiProject('api', 'server/test/helpers/global-setup-pglite.ts'),
      // The same API suite again on the machine's PostgreSQL when CI points at it.
      ...(process.env.TEST_DATABASE_URL
        ? [apiProject('api-pg', 'server/test/helpers/global-setup-postgres.ts')]
        : []),
    ],
  },
});

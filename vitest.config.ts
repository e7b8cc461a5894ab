import { defineConfig } from 'vitest/config';

// Integration tests run once on the embedded PGlite and, when TEST_DATABASE_URL
// is set, once more on that PostgreSQL server.
const engines = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/**/*.test.ts'], exclude: ['tests/integration/**'], testTimeout: 20_000 },
      },
      ...engines.map((engine) => ({
        test: {
          name: engine,
          include: ['tests/integration/**/*.test.ts'],
          // Run their own server on the embedded database (and a fixed port): once is enough.
          exclude: engine === 'postgres' ? ['tests/integration/page-caching.test.ts', 'tests/integration/page-hardening.test.ts'] : [],
          env: { TEST_ENGINE: engine },
          // The PostgreSQL run drops the databases it made when it ends.
          ...(engine === 'postgres' ? { globalSetup: ['tests/helpers/drop-test-databases.ts'] } : {}),
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});

import { defineConfig } from 'vitest/config';

// The server's tests run in Node. The global setup starts a throw-away PostgreSQL (Debian's
// server, installed by `npm test`) unless TEST_DATABASE_URL names one, so the database and API
// tests run against both PGlite and PostgreSQL (test/postgres-setup.ts).
export default defineConfig({
  test: {
    name: 'apps/server',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/postgres-setup.ts'],
    // A real identity provider and database per file on a shared 2-core machine: room to breathe.
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});

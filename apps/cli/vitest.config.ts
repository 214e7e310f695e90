// The CLI's tests start real processes: every `blockyard run` runs its program in a sandbox
// process (src/sandbox/), and a few tests wait for the runaway check or --timeout on purpose. On
// a loaded machine that takes more than Vitest's default 5 s.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'apps/cli',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
  },
});

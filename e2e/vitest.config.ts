import { defineConfig } from 'vitest/config';

// End-to-end journeys: the real built app served by the real server, driven in Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['journeys/**/*.e2e.ts'],
    globalSetup: ['harness/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Two cores on our machines: one browser at a time keeps timings stable.
    fileParallelism: false,
  },
});

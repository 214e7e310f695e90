// The device package's tests run whole flashes against the emulated board on virtual time; a
// few run the Foundation's own USB library on real time, which needs longer than Vitest's 5 s.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'packages/device',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
  },
});

// The native package's tests read and write whole firmware images (about a megabyte of Intel HEX
// each) and boot QEMU, which takes seconds on a shared machine: a longer per-test limit than
// Vitest's 5 s default. Tests that run an emulator or MakeCode's build set their own, longer ones.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'packages/native',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 600_000,
  },
});

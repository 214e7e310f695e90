// Unit tests of every workspace in one run. A workspace with its own vitest.config.ts (the web
// app, for its DOM environment) uses it; the rest run in Node, as pure code must.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

const groups = ['packages', 'packages/boards', 'apps'];
const workspaceDirs = groups.flatMap((group) =>
  (existsSync(group) ? readdirSync(group, { withFileTypes: true }) : [])
    .filter((entry) => entry.isDirectory() && existsSync(join(group, entry.name, 'package.json')))
    .map((entry) => join(group, entry.name)),
);

const projects: TestProjectConfiguration[] = workspaceDirs.map((dir) =>
  existsSync(join(dir, 'vitest.config.ts'))
    ? join(dir, 'vitest.config.ts')
    : {
        test: {
          name: dir,
          root: dir,
          environment: 'node',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // Shared, loaded machines: a slow test is not a failing one (speed lives in bench/).
          testTimeout: 30_000,
        },
      },
);
projects.push({
  test: { name: 'scripts', root: 'scripts', environment: 'node', include: ['**/*.test.ts'], testTimeout: 30_000 },
});
projects.push({
  test: { name: 'bench', root: 'bench', environment: 'node', include: ['lib/**/*.test.ts'], testTimeout: 30_000 },
});

export default defineConfig({
  test: {
    projects,
    passWithNoTests: true,
  },
});

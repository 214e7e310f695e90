import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfChanged, buildInputs, buildOutputs } from './build-stamp.mjs';

let root: string;
let builds: number;

const write = (file: string, text: string) => {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
};
// Stands in for buildAll: writes the outputs the way a real build does.
const build = () => {
  builds++;
  for (const file of buildOutputs) write(file, `built ${builds}`);
  return Promise.resolve();
};
const start = (force = false) => buildIfChanged(root, build, { force, log: () => {} });

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'blockyard-stamp-'));
  builds = 0;
  write('package-lock.json', '{}');
  write('apps/web/src/main.tsx', 'render()');
  write('apps/web/src/main.test.tsx', 'test()');
  write('packages/docs/src/index.ts', 'export {}');
  write('docs/ARCHITECTURE.md', '# notes');
  write('README.md', '# Blockyard');
  write('packages/docs/README.md', '# docs');
  write('content/examples/heart/README.md', '# Heart');
  write('e2e/journeys/editor.test.ts', 'journey()');
  write('node_modules/.package-lock.json', '{"v":1}');
  write('node_modules/some-lib/index.js', 'lib');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start builds only when its inputs changed', () => {
  it('builds the first time, then a second start does not rebuild', async () => {
    expect(await start()).toBe(true);
    expect(await start()).toBe(false);
    expect(builds).toBe(1);
  });

  it('rebuilds when a source changes, and only then', async () => {
    await start();
    write('apps/web/src/main.tsx', 'render(changed)');
    expect(await start()).toBe(true);
    expect(await start()).toBe(false);
    write('packages/docs/src/new-file.ts', 'export const x = 1');
    expect(await start()).toBe(true);
    expect(builds).toBe(3);
  });

  it('rebuilds when the installed dependencies change', async () => {
    await start();
    write('node_modules/.package-lock.json', '{"v":2}');
    expect(await start()).toBe(true);
  });

  it('rebuilds when an output is missing, or when asked to', async () => {
    await start();
    rmSync(join(root, 'apps/server/dist/main.mjs'));
    expect(await start()).toBe(true);
    expect(await start(true)).toBe(true);
    expect(builds).toBe(3);
  });

  it('ignores what the build never reads: tests, docs, READMEs, e2e, outputs', async () => {
    await start();
    write('apps/web/src/main.test.tsx', 'test(changed)');
    write('docs/ARCHITECTURE.md', '# more notes');
    write('e2e/journeys/editor.test.ts', 'journey(changed)');
    write('apps/web/dist/extra.js', 'x');
    write('README.md', '# Blockyard, again');
    write('packages/docs/README.md', '# more docs');
    expect(await start()).toBe(false);
    write('content/examples/heart/README.md', '# A bundled example text');
    expect(await start()).toBe(true);
  });

  it('does not record a build that failed', async () => {
    const failing = () => Promise.reject(new Error('vite failed'));
    await expect(buildIfChanged(root, failing, { log: () => {} })).rejects.toThrow('vite failed');
    expect(await start()).toBe(true);
  });

  it('lists the inputs: sources, lock files, packages/docs, not tests or node_modules', () => {
    expect(buildInputs(root)).toEqual([
      'apps/web/src/main.tsx',
      'content/examples/heart/README.md',
      'node_modules/.package-lock.json',
      'package-lock.json',
      'packages/docs/src/index.ts',
    ]);
  });
});

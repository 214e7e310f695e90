// Type-checks every tsconfig*.json of every workspace (pure sources are checked without DOM or
// Node types by their tsconfig.src.json), two at a time.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './run.mjs';

const dirs = [root];
for (const group of ['packages', 'packages/boards', 'apps']) {
  const dir = join(root, group);
  if (existsSync(dir)) for (const entry of readdirSync(dir)) dirs.push(join(dir, entry));
}
dirs.push(join(root, 'e2e'), join(root, 'bench'));

const configs = dirs.flatMap((dir) =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /^tsconfig(\.[\w-]+)?\.json$/.test(f) && f !== 'tsconfig.base.json')
        .map((f) => join(dir, f))
    : [],
);

const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
// Incremental: each project keeps what it learned in .cache/tsc (git-ignored), so a second run
// re-checks only what changed (a clean clone, as CI has, checks everything once). The cache lives
// with the sources it describes, not in node_modules: a node_modules copied or hard-linked
// between checkouts would share one cache between different sources, each run undoing the other.
const cache = join(root, '.cache', 'tsc');
mkdirSync(cache, { recursive: true });
const buildInfo = (config) => join(cache, relative(root, config).replace(/[\\/]/g, '__') + '.tsbuildinfo');
let failed = 0;
const queue = [...configs];
async function worker() {
  for (let config = queue.shift(); config; config = queue.shift()) {
    const name = relative(root, config);
    const code = await new Promise((resolve) => {
      const child = spawn(
        process.execPath,
        [tsc, '--noEmit', '--incremental', '--tsBuildInfoFile', buildInfo(config), '-p', config],
        { cwd: root, stdio: 'inherit' },
      );
      child.on('exit', resolve);
    });
    if (code !== 0) failed++;
    console.log(`${code === 0 ? '✓' : '✗'} ${name}`);
  }
}
await Promise.all([worker(), worker()]);
if (failed) {
  console.error(`${failed} project(s) have type errors.`);
  process.exit(1);
}

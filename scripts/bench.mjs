// `npm run bench`: builds, then runs every bench/benches/*.bench.ts in its own Node process and
// leaves JSON results in bench/results/<name>.json.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, ensureNodeModules } from './ensure-deps.mjs';
import { root, run } from './run.mjs';

ensureNodeModules();
ensureChromium();
const { buildAll } = await import('./build.mjs');
await buildAll({ testPages: true });

const only = process.argv.slice(2);
const benches = readdirSync(join(root, 'bench/benches'))
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => only.length === 0 || only.some((name) => file.startsWith(name)))
  .sort();
for (const file of benches) run('node', ['--import', 'tsx', join('bench/benches', file)]);
console.log(`\n${benches.length} benchmark(s) written to bench/results/.`);

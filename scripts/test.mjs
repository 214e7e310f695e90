// `npm test`: install what is missing (npm packages; Debian's Chromium, PostgreSQL, ARM
// binutils, QEMU and srecord), then lint, format check, knip, typecheck, unit tests, build, and
// end-to-end journeys against the built app on the real server.
import { ensureNodeModules, ensureTestPackages } from './ensure-deps.mjs';
import { run } from './run.mjs';

const started = Date.now();
ensureNodeModules();
ensureTestPackages();

run('npx', ['eslint', '--max-warnings', '0', '.']);
// Files and exports nobody imports, dependencies nobody uses or that are used undeclared.
run('npm', ['run', '--silent', 'knip']);
run('npx', ['prettier', '--check', '--log-level', 'warn', '.']);
run('node', ['scripts/typecheck.mjs']);
// Limits far above the usual times (11-12 minutes each here), below CI's budget for the whole run.
run('npx', ['vitest', 'run'], { limitMinutes: 35 });
const { buildAll } = await import('./build.mjs');
await buildAll({ testPages: true });
run('npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts'], { limitMinutes: 35 });

console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);

// `npm start`: install what is missing, build when the sources changed since the last build
// (`npm start -- --rebuild` builds anyway), and serve the whole product on localhost with
// embedded defaults (PGlite under ./data, no external services).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureNodeModules } from './ensure-deps.mjs';

ensureNodeModules();
const { buildAll } = await import('./build.mjs');
const { buildIfChanged } = await import('./lib/build-stamp.mjs');
const { ensurePGliteTemplate } = await import('./pglite-template.mjs');
const { root } = await import('./run.mjs');
const force = process.argv.includes('--rebuild') || process.env.BLOCKYARD_REBUILD === '1';
await buildIfChanged(root, () => buildAll({ stamp: false }), { force });
// Made by the build, but cheap to check: a PGlite update brings its own copy.
await ensurePGliteTemplate(root);

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

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

// Extensions come from a code host. Unless CODE_HOST_URL names one (e.g. https://api.github.com),
// the local code host serves the fixture repositories (apps/server/src/code-host) on CODE_HOST_PORT.
const env = { ...process.env };
let codeHost;
if (!env.CODE_HOST_URL) {
  const port = env.CODE_HOST_PORT || '3001';
  env.CODE_HOST_URL = `http://127.0.0.1:${port}`;
  codeHost = spawn(process.execPath, ['--import', 'tsx', join(root, 'apps/server/src/code-host/main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...env, CODE_HOST_PORT: port },
  });
  codeHost.on('exit', (code) => {
    if (code) console.error(`The local code host stopped (exit ${code}); extensions cannot be added until it runs.`);
  });
}

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env,
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    codeHost?.kill(signal);
    server.kill(signal);
  });
}
server.on('exit', (code) => {
  codeHost?.kill('SIGTERM');
  process.exit(code ?? 0);
});

// `npm start`: install what is missing, build, and serve the whole product on localhost with
// embedded defaults (PGlite under ./data, no external services).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ensureNodeModules } from './ensure-deps.mjs';

ensureNodeModules();
const { buildAll } = await import('./build.mjs');
const { root } = await import('./run.mjs');
await buildAll();

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));

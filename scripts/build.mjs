// Builds everything `npm start` serves: the web app (Vite), the server bundle and the CLI bundle.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { root, run } from './run.mjs';

export async function buildAll() {
  run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: join(root, 'apps/web') });
  // The licences travel with the app a browser downloads (served at /licenses/…).
  const licenses = join(root, 'apps/web/dist/licenses');
  mkdirSync(licenses, { recursive: true });
  copyFileSync(join(root, 'LICENSE'), join(licenses, 'LICENSE.txt'));
  copyFileSync(join(root, 'THIRD-PARTY-NOTICES.md'), join(licenses, 'third-party-notices.txt'));
  const { precompress } = await import('./precompress.mjs');
  console.log(`precompressed ${precompress(join(root, 'apps/web/dist'))} web files (br, gz)`);
  for (const app of ['server', 'cli']) {
    console.log(`\n$ build apps/${app}`);
    const { [app === 'server' ? 'buildServer' : 'buildCli']: build } = await import(
      pathToFileURL(join(root, 'apps', app, 'build.mjs')).href
    );
    await build();
  }
  const { ensurePGliteTemplate } = await import('./pglite-template.mjs');
  await ensurePGliteTemplate(root);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { ensureNodeModules } = await import('./ensure-deps.mjs');
  ensureNodeModules();
  await buildAll();
}

// Builds everything `npm start` serves: the web app (Vite), the server bundle and the CLI bundle.
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { inputHash, writeStamp } from './lib/build-stamp.mjs';
import { root, run } from './run.mjs';

/**
 * `stamp: false` when the caller records the inputs itself (`npm start`, lib/build-stamp.mjs);
 * `testPages: true` also builds the pages only tests and benchmarks open (apps/web/dist-test).
 */
export async function buildAll({ stamp = true, testPages = false } = {}) {
  // Hashed first: a file saved while building makes the next `npm start` build again.
  const hash = stamp ? inputHash(root) : undefined;
  run('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: join(root, 'apps/web') });
  if (testPages) {
    // Apart from the product (its dist/ holds only what users get), served by the e2e harness.
    console.log('\n$ build the test pages (apps/web/dist-test)');
    run('npx', ['vite', 'build', '--config', 'vite.test-pages.config.ts', '--logLevel', 'warn'], {
      cwd: join(root, 'apps/web'),
    });
  }
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
  if (hash) writeStamp(root, hash);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { ensureNodeModules } = await import('./ensure-deps.mjs');
  ensureNodeModules();
  // `npm run build` is what developers run before an e2e journey: the test pages come with it.
  await buildAll({ testPages: true });
}

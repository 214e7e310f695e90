// A copy of a new, migrated embedded database, made once per PGlite version and migration set by
// the build (and checked by `npm start`): a server opening a new data folder loads this copy
// instead of running initdb and the migrations, which take PGlite 5-30 s on a busy machine
// (bench/results/server-start.json). The logic lives with the server
// (apps/server/src/database/pglite-template.ts), bundled to apps/server/dist/pglite-template.mjs.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Makes the copy when it is missing (a few seconds, once). Needs the server built. */
export async function ensurePGliteTemplate(root) {
  const entry = join(root, 'apps', 'server', 'dist', 'pglite-template.mjs');
  if (!existsSync(entry)) return;
  const started = Date.now();
  const { ensurePGliteTemplate: ensure } = await import(pathToFileURL(entry).href);
  const before = Date.now();
  const path = await ensure(root);
  if (path && Date.now() - before > 500) {
    console.log(`prepared the embedded database copy in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  }
}

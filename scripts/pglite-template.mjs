// A copy of an empty embedded database (PGlite's data folder right after initdb), made once per
// PGlite version by the build. A server opening a new data folder loads this copy instead of
// running initdb, which takes PGlite 5-28 s on a busy machine (bench/results/server-start.json).
// The server finds it at the same place (apps/server/src/database/pglite-template.ts).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Where the copy for the installed PGlite lives, or undefined when PGlite is not installed. */
export function pgliteTemplatePath(root) {
  const manifest = join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json');
  if (!existsSync(manifest)) return undefined;
  const { version } = JSON.parse(readFileSync(manifest, 'utf8'));
  return join(root, 'node_modules', '.cache', 'blockyard', `pglite-${version}-empty.tar.gz`);
}

/** Makes the copy when it is missing (a few seconds, once). */
export async function ensurePGliteTemplate(root) {
  const path = pgliteTemplatePath(root);
  if (!path || existsSync(path)) return;
  const started = Date.now();
  const { PGlite } = await import(
    pathToFileURL(join(root, 'node_modules', '@electric-sql', 'pglite', 'dist', 'index.js')).href
  );
  const db = await PGlite.create({ dataDir: 'memory://' });
  const dump = await db.dumpDataDir('gzip');
  await db.close();
  mkdirSync(dirname(path), { recursive: true });
  // Written aside and renamed, so a server never reads half a file.
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, path);
  console.log(`prepared the empty embedded database in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}

// The copy of an empty PGlite data folder that the build makes once per PGlite version
// (scripts/pglite-template.mjs, same path): a new data folder starts from it instead of initdb,
// which is most of a first start's time. Without it (outside the repository, or not built yet)
// PGlite runs initdb as before.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findRepoRoot } from '../paths.ts';

export function findPGliteTemplate(root: string | undefined = findRepoRoot()): string | undefined {
  if (!root) return undefined;
  try {
    const manifest = join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown };
    if (typeof version !== 'string' || !/^[\w.+-]+$/.test(version)) return undefined;
    const path = join(root, 'node_modules', '.cache', 'blockyard', `pglite-${version}-empty.tar.gz`);
    return existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

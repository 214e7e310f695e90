// The copy of a new, fully migrated PGlite data folder that the build makes once per PGlite
// version and migration set (ensurePGliteTemplate, run through dist/pglite-template.mjs by
// scripts/pglite-template.mjs): a new data folder starts from it instead of running initdb and
// every migration, which is most of a first start's time (bench/results/server-start.json).
// Without it (outside the repository, or not built yet) PGlite runs initdb as before.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Kysely } from 'kysely';
import { findRepoRoot } from '../paths.ts';
import { latestMigrationName, migrateToLatest } from './migrations/index.ts';
import { createPGliteDialect } from './pglite-dialect.ts';

const TEMPLATE_PREFIX = 'pglite-';

/** Where the copy for the installed PGlite and this build's migrations lives (undefined: no PGlite). */
export function pgliteTemplatePath(root: string, migration: string = latestMigrationName): string | undefined {
  try {
    const manifest = join(root, 'node_modules', '@electric-sql', 'pglite', 'package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown };
    if (typeof version !== 'string' || !/^[\w.+-]+$/.test(version) || !/^\w+$/.test(migration)) return undefined;
    return join(root, 'node_modules', '.cache', 'blockyard', `${TEMPLATE_PREFIX}${version}-${migration}.tar.gz`);
  } catch {
    return undefined;
  }
}

export function findPGliteTemplate(root: string | undefined = findRepoRoot()): string | undefined {
  const path = root === undefined ? undefined : pgliteTemplatePath(root);
  return path !== undefined && existsSync(path) ? path : undefined;
}

/**
 * Makes the copy when it is missing (seconds, once per PGlite version and migration set), and
 * removes copies for other versions. Returns its path, or undefined when PGlite is not installed.
 */
export async function ensurePGliteTemplate(root: string): Promise<string | undefined> {
  const path = pgliteTemplatePath(root);
  if (path === undefined || existsSync(path)) return path;
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create({ dataDir: 'memory://' });
  try {
    await migrateToLatest(new Kysely<unknown>({ dialect: createPGliteDialect(client) }));
    const dump = await client.dumpDataDir('gzip');
    const folder = dirname(path);
    mkdirSync(folder, { recursive: true });
    // Written aside and renamed, so a server never reads half a file.
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
    for (const name of readdirSync(folder)) {
      if (name.startsWith(TEMPLATE_PREFIX) && name.endsWith('.tar.gz') && join(folder, name) !== path) {
        rmSync(join(folder, name), { force: true });
      }
    }
  } finally {
    await client.close();
  }
  return path;
}

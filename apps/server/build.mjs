// Bundles the server into dist/main.mjs (see scripts/bundle-node.mjs). The version comes from the
// root package.json.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleNodeApp, resolvableWith } from '../../scripts/bundle-node.mjs';

const here = import.meta.dirname;
const outfile = join(here, 'dist', 'main.mjs');

export async function buildServer() {
  const { version } = JSON.parse(readFileSync(join(here, '..', '..', 'package.json'), 'utf8'));
  await bundleNodeApp({
    entry: join(here, 'src', 'main.ts'),
    outfile,
    define: { __BLOCKYARD_VERSION__: JSON.stringify(version) },
    canResolve: (specifier) =>
      specifier === 'pg-native' || resolvableWith((name) => import.meta.resolve(name))(specifier),
    // PGlite loads its WebAssembly and data files from beside its modules; oidc-provider (the
    // local sign-in provider, loaded on demand) is large and not needed to start; pg-native is
    // an optional part of pg that is not installed.
    bundleThirdPartyExcept: ['@electric-sql/pglite', 'oidc-provider', 'pg-native'],
  });
  // The build and `npm start` make the migrated database copy with this (scripts/pglite-template.mjs).
  await bundleNodeApp({
    entry: join(here, 'src', 'database', 'pglite-template-entry.ts'),
    outfile: join(here, 'dist', 'pglite-template.mjs'),
    canResolve: resolvableWith((name) => import.meta.resolve(name)),
    bundleThirdPartyExcept: ['@electric-sql/pglite'],
  });
  console.log(`Built ${relative(process.cwd(), outfile) || outfile} (Blockyard ${version})`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await buildServer();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

// Bundles the server into dist/main.mjs with esbuild. Our @blockyard/* workspace packages are
// TypeScript sources and get bundled in; every third-party package stays external and is loaded
// from node_modules at run time (PGlite, for one, loads its .wasm and data files from next to its
// own module). The version comes from the root package.json.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

const here = import.meta.dirname;
const outfile = join(here, 'dist', 'main.mjs');

/** Bare imports stay external unless they name one of our workspace packages. */
const keepThirdPartyExternal = {
  name: 'keep-third-party-external',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@blockyard/') ? undefined : { path: args.path, external: true },
    );
  },
};

export async function buildServer() {
  const { version } = JSON.parse(readFileSync(join(here, '..', '..', 'package.json'), 'utf8'));
  const result = await build({
    entryPoints: [join(here, 'src', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    tsconfig: join(here, 'tsconfig.json'),
    define: { __BLOCKYARD_VERSION__: JSON.stringify(version) },
    plugins: [keepThirdPartyExternal],
    metafile: true,
    logLevel: 'warning',
  });
  checkExternalsResolve(result.metafile);
  console.log(`Built ${relative(process.cwd(), outfile) || outfile} (Blockyard ${version})`);
}

/**
 * The bundle imports its external packages from node_modules next to apps/server (where this
 * script also resolves from): fail the
 * build, not the first start, if one of them cannot be found from here.
 */
function checkExternalsResolve(metafile) {
  const externals = new Set(
    Object.values(metafile.outputs)
      .flatMap((output) => output.imports)
      .filter((entry) => entry.external && !entry.path.startsWith('node:'))
      .map((entry) => entry.path),
  );
  const missing = [...externals].filter((specifier) => {
    try {
      import.meta.resolve(specifier);
      return false;
    } catch {
      return true;
    }
  });
  if (missing.length > 0) {
    throw new Error(
      `The server bundle imports packages that cannot be found from apps/server: ${missing.join(', ')}. ` +
        'Add them to apps/server/package.json (npm install -w @blockyard/server <package>).',
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await buildServer();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

// Bundles a Node entry point (the server, the CLI) with esbuild: our @blockyard workspace
// packages are TypeScript sources and get bundled; every third-party package stays external
// (some, like PGlite and TypeScript, load files next to their own modules).
import { build } from 'esbuild';

const keepThirdPartyExternal = {
  name: 'keep-third-party-external',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@blockyard/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * @param {{
 *   entry: string,
 *   outfile: string,
 *   define?: Record<string, string>,
 *   canResolve?: (specifier: string) => boolean,
 * }} options
 * `canResolve` answers whether the app can load an external package at run time; the build
 * fails (not the first start) when one cannot be found.
 */
export async function bundleNodeApp({ entry, outfile, define, canResolve }) {
  const result = await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    metafile: true,
    plugins: [keepThirdPartyExternal],
    ...(define ? { define } : {}),
  });
  if (!canResolve) return;
  const externals = new Set(
    Object.values(result.metafile.outputs)
      .flatMap((output) => output.imports)
      .filter((entry) => entry.external && !entry.path.startsWith('node:'))
      .map((entry) => entry.path),
  );
  const missing = [...externals].filter((specifier) => !canResolve(specifier));
  if (missing.length > 0) {
    throw new Error(
      `${outfile} imports packages that cannot be found from its app: ${missing.join(', ')}. ` +
        "Add them to that app's package.json (npm install -w <app> <package>).",
    );
  }
}

/** A `canResolve` for an app's build script: pass its own `import.meta.resolve`. */
export function resolvableWith(resolve) {
  return (specifier) => {
    try {
      resolve(specifier);
      return true;
    } catch {
      return false;
    }
  };
}

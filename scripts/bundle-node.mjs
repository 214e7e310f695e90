// Bundles a Node entry point (the server, the CLI) with esbuild: our @blockyard workspace
// packages are TypeScript sources and get bundled. Third-party packages stay external by default
// (some, like PGlite and TypeScript, load files next to their own modules); an app may bundle
// them too except a named few (the server does: loading ~50 packages file by file from
// node_modules was most of its time to the first page).
import { build } from 'esbuild';

/** @param {string[] | undefined} bundledExcept */
function keepExternal(bundledExcept) {
  const isKept = (path) =>
    bundledExcept === undefined ? true : bundledExcept.some((name) => path === name || path.startsWith(`${name}/`));
  return {
    name: 'keep-external',
    setup(esbuild) {
      esbuild.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@blockyard/') || args.path.startsWith('node:') || !isKept(args.path)
          ? undefined
          : { path: args.path, external: true },
      );
    },
  };
}

// Bundled CommonJS packages call require() for Node's own modules; an ES module has none.
const requireBanner =
  "import { createRequire as __blockyardRequire } from 'node:module';\n" +
  'const require = __blockyardRequire(import.meta.url);';

/**
 * @param {{
 *   entry: string,
 *   outfile: string,
 *   define?: Record<string, string>,
 *   canResolve?: (specifier: string) => boolean,
 *   bundleThirdPartyExcept?: string[],
 * }} options
 * `canResolve` answers whether the app can load an external package at run time; the build
 * fails (not the first start) when one cannot be found. `bundleThirdPartyExcept` bundles every
 * third-party package but those named (and their subpaths).
 */
export async function bundleNodeApp({ entry, outfile, define, canResolve, bundleThirdPartyExcept }) {
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
    plugins: [keepExternal(bundleThirdPartyExcept)],
    ...(bundleThirdPartyExcept ? { banner: { js: requireBanner } } : {}),
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

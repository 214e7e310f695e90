// Bundles a Node entry point (the server, the CLI) with esbuild: our @blockyard workspace
// packages are TypeScript sources and get bundled; every third-party package stays external
// (some, like PGlite and TypeScript, load files next to their own modules).
import { build } from 'esbuild';

const keepThirdPartyExternal = {
  name: 'keep-third-party-external',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@blockyard/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** @param {{ entry: string, outfile: string, banner?: string, define?: Record<string, string> }} options */
export async function bundleNodeApp({ entry, outfile, banner, define }) {
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [keepThirdPartyExternal],
    ...(banner ? { banner: { js: banner } } : {}),
    ...(define ? { define } : {}),
  });
}

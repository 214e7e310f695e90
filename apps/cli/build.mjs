// Builds the CLI bundle: apps/cli/dist/blockyard.mjs (see scripts/bundle-node.mjs).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleNodeApp, resolvableWith } from '../../scripts/bundle-node.mjs';

export async function buildCli() {
  await bundleNodeApp({
    entry: join(import.meta.dirname, 'src', 'main.ts'),
    outfile: join(import.meta.dirname, 'dist', 'blockyard.mjs'),
    canResolve: resolvableWith((specifier) => import.meta.resolve(specifier)),
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildCli();

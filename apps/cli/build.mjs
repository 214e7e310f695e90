// Builds the CLI bundle: apps/cli/dist/blockyard.mjs.
import { join } from 'node:path';
import { bundleNodeApp } from '../../scripts/bundle-node.mjs';

export async function buildCli() {
  await bundleNodeApp({
    entry: join(import.meta.dirname, 'src', 'main.ts'),
    outfile: join(import.meta.dirname, 'dist', 'blockyard.mjs'),
  });
}

if (import.meta.url === `file://${process.argv[1]}`) await buildCli();

// Builds the CLI bundle: apps/cli/dist/blockyard.mjs (see scripts/bundle-node.mjs), plus the two
// files of the sandbox `blockyard run` starts: dist/sandbox-runner.js (build-sandbox.mjs) and
// dist/sandbox-child.cjs (copied as is).
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleNodeApp, resolvableWith } from '../../scripts/bundle-node.mjs';
import { buildSandboxRunner } from './build-sandbox.mjs';

export async function buildCli() {
  const dist = join(import.meta.dirname, 'dist');
  await mkdir(dist, { recursive: true });
  await Promise.all([
    bundleNodeApp({
      entry: join(import.meta.dirname, 'src', 'main.ts'),
      outfile: join(dist, 'blockyard.mjs'),
      canResolve: resolvableWith((specifier) => import.meta.resolve(specifier)),
    }),
    buildSandboxRunner(join(dist, 'sandbox-runner.js')),
    copyFile(join(import.meta.dirname, 'src', 'sandbox', 'sandbox-child.cjs'), join(dist, 'sandbox-child.cjs')),
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildCli();

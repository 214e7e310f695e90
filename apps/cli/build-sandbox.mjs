// Bundles the sandbox runner of `blockyard run` (src/sandbox/sandbox-runner.ts) into one classic
// script that runs inside the program's V8 context: runtime, board and sound engine included,
// nothing external, no Node API. build.mjs writes it to dist/; runs from the sources (tests)
// build it in memory on first use.
import { join } from 'node:path';
import { build } from 'esbuild';

const entry = join(import.meta.dirname, 'src', 'sandbox', 'sandbox-runner.ts');

/** @param {string | undefined} outfile where to write it; undefined: return the text only. */
export async function buildSandboxRunner(outfile) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    format: 'iife',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    banner: { js: '"use strict";' },
    logLevel: 'warning',
    write: outfile !== undefined,
    ...(outfile ? { outfile } : { outfile: 'sandbox-runner.js' }),
  });
  return outfile ? undefined : result.outputFiles[0].text;
}

#!/usr/bin/env node
// The `blockyard` command. Runs the bundled CLI, rebuilding it first when any source is newer
// than the bundle, so `npx blockyard` is always current in a development checkout.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cliDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = join(cliDir, '..', '..');
const bundle = join(cliDir, 'dist', 'blockyard.mjs');

function newestSourceTime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSourceTime(path));
    else if (/\.(ts|tsx|json|mjs|cjs)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const sourcesNewest = Math.max(
  newestSourceTime(join(cliDir, 'src')),
  newestSourceTime(join(repoRoot, 'packages')),
  statSync(join(cliDir, 'build-sandbox.mjs')).mtimeMs,
);
// `blockyard run` also needs the sandbox's two files next to the bundle.
const outputs = [bundle, join(cliDir, 'dist', 'sandbox-runner.js'), join(cliDir, 'dist', 'sandbox-child.cjs')];
if (outputs.some((file) => !existsSync(file) || statSync(file).mtimeMs < sourcesNewest)) {
  const { buildCli } = await import(pathToFileURL(join(cliDir, 'build.mjs')).href);
  await buildCli();
}

// Output piped into a program that stops reading (`blockyard … | head`) makes the next write fail
// with EPIPE; that is the reader saying "enough", not an error: end quietly, as Unix tools do.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

const { main } = await import(pathToFileURL(bundle).href);
process.exitCode = await main(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  streams: { input: process.stdin, output: process.stdout },
  // For `-`: stops reading one byte past the limit, so the caller can refuse a huge input.
  stdin: async (limit) => {
    const chunks = [];
    let size = 0;
    for await (const chunk of process.stdin) {
      chunks.push(chunk);
      size += chunk.length;
      if (size > limit) break;
    }
    return new Uint8Array(Buffer.concat(chunks));
  },
});

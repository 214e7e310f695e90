// `npm start` builds only when what the build reads has changed since the last build: a content
// hash of the inputs, written next to the outputs after a build that finished. Hashing the
// checkout (about 2,000 files, 20 MB) takes a fraction of a second; the build takes about 50 s.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';

// What the build never reads. Anything else counts as an input: a file counted by mistake costs
// a rebuild, a file missed would serve a stale build.
const skippedEverywhere = new Set(['node_modules', 'dist', 'dist-test', 'coverage']);
// Top level only: packages/docs is an input, the root's docs/ is not.
const skippedAtRoot = new Set(['data', 'docs', 'e2e', 'bench']);
const skippedFile = /\.test\.tsx?$|\.tsbuildinfo$/;
// The packages' READMEs are for people; content/ (examples, tutorials) is bundled, READMEs too.
const isReadme = (name, dir, root) => name === 'README.md' && !relative(root, dir).startsWith('content');

/** The files whose content makes the build: sources, configs, scripts, the lock file. */
export function buildInputs(root) {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!skippedEverywhere.has(entry.name) && !(dir === root && skippedAtRoot.has(entry.name))) walk(path);
      } else if (entry.isFile() && !skippedFile.test(entry.name) && !isReadme(entry.name, dir, root)) {
        files.push(path);
      }
    }
  };
  walk(root);
  // The installed dependencies: npm rewrites this file on every install that changes them.
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(installed)) files.push(installed);
  return files.map((path) => relative(root, path).split(sep).join('/')).sort();
}

/** A hash of every input's path and content (plus the Node version, which bundles target). */
export function inputHash(root) {
  const hash = createHash('sha256');
  hash.update(`node ${process.version}\n`);
  for (const file of buildInputs(root)) {
    hash.update(`${file}\n`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\n');
  }
  return hash.digest('hex');
}

/** What a build leaves behind; a missing one means building again whatever the stamp says. */
export const buildOutputs = [
  'apps/web/dist/index.html',
  'apps/web/dist/sim/index.html',
  'apps/server/dist/main.mjs',
  'apps/cli/dist/blockyard.mjs',
];

export const stampPath = (root) => join(root, 'node_modules', '.cache', 'blockyard', 'build-inputs.json');

/**
 * Why a build is needed, or undefined when the last build is current. `hash` is this checkout's
 * inputHash (computed once by the caller, who writes it after building).
 */
export function rebuildReason(root, hash) {
  const missing = buildOutputs.find((file) => !existsSync(join(root, file)));
  if (missing) return `${missing} is missing`;
  let stamp;
  try {
    stamp = JSON.parse(readFileSync(stampPath(root), 'utf8'));
  } catch {
    return 'no record of a previous build';
  }
  if (stamp?.hash !== hash) return 'sources changed since the last build';
  return undefined;
}

/** Records that the outputs now match these inputs (written aside and renamed: never half a file). */
export function writeStamp(root, hash) {
  const path = stampPath(root);
  mkdirSync(dirname(path), { recursive: true });
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, `${JSON.stringify({ hash, builtAt: new Date().toISOString() })}\n`);
  renameSync(partial, path);
}

/**
 * Runs `build` unless the last finished build had these very inputs; true when it built. The
 * hash is taken before building, so a file saved during the build is seen by the next start.
 */
export async function buildIfChanged(root, build, { force = false, log = console.log } = {}) {
  const hash = inputHash(root);
  const reason = force ? 'a rebuild was asked for' : rebuildReason(root, hash);
  if (!reason) {
    log('The build is up to date with the sources: starting without building.');
    return false;
  }
  log(`Building (${reason})…`);
  await build();
  writeStamp(root, hash);
  return true;
}

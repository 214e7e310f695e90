// Loads the TypeScript compiler as fast as Node 20 allows, for a cold `blockyard compile` well
// under a second: `require` of its CommonJS file (an ESM import would first scan the 9 MB file
// for exports), plus a V8 code cache so later runs skip parsing and compiling typescript.js
// (about 180 ms of CPU). The cache lives in node_modules/.cache/blockyard, is keyed by the
// TypeScript and Node versions, and is rewritten whenever V8 rejects it; any problem with it
// falls back to a plain require.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Module, createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import type ts from 'typescript';

let loaded: typeof ts | undefined;

export function loadTypeScript(): typeof ts {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const file = require.resolve('typescript');
  try {
    loaded = loadWithCodeCache(file);
  } catch {
    loaded = require('typescript') as typeof ts;
  }
  return loaded;
}

function loadWithCodeCache(file: string): typeof ts {
  const packageDir = join(dirname(file), '..');
  const { version } = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const cacheFile = join(
    packageDir,
    '..',
    '.cache',
    'blockyard',
    `typescript-${version}-node-${process.version}-${process.arch}.v8cache`,
  );
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new Script(Module.wrap(readFileSync(file, 'utf8')), {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
  });
  const module = { exports: {} as unknown };
  const run = script.runInThisContext() as (...args: unknown[]) => void;
  run.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  if (!cachedData || script.cachedDataRejected) {
    // Written at exit, so the cache also holds the functions this run compiled lazily.
    process.once('exit', () => writeCache(cacheFile, () => script.createCachedData()));
  }
  return module.exports as typeof ts;
}

function writeCache(path: string, data: () => Buffer): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    const temporary = `${path}.${process.pid}.tmp`;
    writeFileSync(temporary, data());
    renameSync(temporary, path);
  } catch {
    // A cache is an optimisation: a read-only or full disk just means slower starts.
  }
}

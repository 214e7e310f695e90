/**
 * MakeCode's own micro:bit build, offline, as a reference for tests and for generating facts
 * (packages/makecode-reference/README.md).
 *
 * The first use installs it under node_modules/.cache/blockyard-makecode/: the three pinned npm
 * tarballs (pxt-microbit 9.1.1, pxt-core 13.0.1, pxt-common-packages 14.0.2, each checked against
 * its sha512 integrity) and only the six small modules pxt's command line loads for `build` (not
 * pxt-core's full dependency tree: no Chrome download, about 160 MB instead of 550 MB). Later uses
 * reuse it. Each build is cached by the hash of its files, so a rerun of the tests costs nothing.
 */
import { execFile, execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const REPO_ROOT = join(import.meta.dirname, '..', '..', '..');
const MAKECODE_CACHE = join(REPO_ROOT, 'node_modules', '.cache', 'blockyard-makecode', 'pxt-microbit-9.1.1');

/** The pinned tarballs and their registry integrity (npm view <pkg>@<version> dist.integrity). */
const TARBALLS = [
  {
    name: 'pxt-microbit',
    version: '9.1.1',
    integrity: 'sha512-+TsQTicpVMyR+jGC5V9BvnwpPpqDz9ZYOedOrKA9JZufXtc6E8TVITLMgqMNEJt8gS/jO5Sf9JhV6CxOFdD00g==',
  },
  {
    name: 'pxt-core',
    version: '13.0.1',
    integrity: 'sha512-msh++EUMDaBkVAPIJvH7EwaBGNyAYiODnXg8ibJYdPIbv0VJbmnAmYaHsS8lwR5UOrgWzcVLjefqlkTrzQk16Q==',
  },
  {
    name: 'pxt-common-packages',
    version: '14.0.2',
    integrity: 'sha512-42F7CwTguIUuavS3DY30KLmtuQjeznnnQJe11Z/NrI6k+mcmhwxBgCqImkDO1ypNftYcFS+80PGEKT9EJ7nfgw==',
  },
] as const;

/** What pxt.js requires when it runs `install` and `build` (found by running it), pinned. */
const CLI_MODULES: Record<string, string> = {
  'promise.prototype.finally': '3.1.8',
  chalk: '4.1.2',
  '@crowdin/crowdin-api-client': '1.58.0',
  'adm-zip': '0.5.18',
  rimraf: '2.5.4',
  lzma: '2.3.2',
};

const TARGET = join(MAKECODE_CACHE, 'target');
const DEPS = join(MAKECODE_CACHE, 'deps');
const READY = join(MAKECODE_CACHE, 'ready.json');
const LOCK = join(MAKECODE_CACHE, '.lock');

class MakeCodeUnavailable extends Error {
  override readonly name = 'MakeCodeUnavailable';
}

function sri(file: string): string {
  return 'sha512-' + createHash('sha512').update(readFileSync(file)).digest('base64');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function withLock<T>(work: () => Promise<T>): Promise<T> {
  mkdirSync(MAKECODE_CACHE, { recursive: true });
  // mkdir is atomic: one process installs, the others wait (a lock older than 10 minutes is stale).
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 600_000)
        rmSync(LOCK, { recursive: true, force: true });
      await sleep(500);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

async function install(): Promise<void> {
  const downloads = join(MAKECODE_CACHE, 'downloads');
  mkdirSync(downloads, { recursive: true });
  const staging = join(MAKECODE_CACHE, 'target.staging');
  rmSync(staging, { recursive: true, force: true });
  for (const tarball of TARBALLS) {
    const file = join(downloads, `${tarball.name}-${tarball.version}.tgz`);
    if (!existsSync(file)) {
      await run('npm', ['pack', `${tarball.name}@${tarball.version}`, '--pack-destination', downloads], {
        cwd: downloads,
        maxBuffer: 1 << 24,
      });
    }
    const actual = sri(file);
    if (actual !== tarball.integrity) {
      rmSync(file, { force: true });
      throw new MakeCodeUnavailable(`${tarball.name}@${tarball.version}: integrity ${actual} is not the pinned one`);
    }
    const into = tarball.name === 'pxt-microbit' ? staging : join(staging, 'node_modules', tarball.name);
    mkdirSync(into, { recursive: true });
    execFileSync('tar', ['xzf', file, '-C', into, '--strip-components=1']);
  }
  mkdirSync(DEPS, { recursive: true });
  writeFileSync(
    join(DEPS, 'package.json'),
    JSON.stringify({ name: 'makecode-cli-deps', private: true, dependencies: CLI_MODULES }),
  );
  await run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--omit=dev'], {
    cwd: DEPS,
    env: { ...process.env, PUPPETEER_SKIP_DOWNLOAD: '1' },
    maxBuffer: 1 << 24,
  });
  rmSync(TARGET, { recursive: true, force: true });
  renameSync(staging, TARGET);
  writeFileSync(READY, JSON.stringify({ tarballs: TARBALLS, modules: CLI_MODULES }));
}

let ready: Promise<void> | undefined;

/** Installs the reference build once (about a minute on first use); throws MakeCodeUnavailable if it cannot. */
function ensureMakeCode(): Promise<void> {
  ready ??= (async () => {
    if (existsSync(READY) && existsSync(join(TARGET, 'node_modules', 'pxt-core', 'built', 'pxt.js'))) return;
    try {
      await withLock(async () => {
        if (!existsSync(READY)) await install();
      });
    } catch (error) {
      if (error instanceof MakeCodeUnavailable) throw error;
      throw new MakeCodeUnavailable(`could not install MakeCode's reference build: ${(error as Error).message}`);
    }
  })();
  return ready;
}

/** Whether a reference build can be made here (installs it if needed); the reason when not. */
export async function makeCodeAvailability(): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    await ensureMakeCode();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  }
}

export type MakeCodeFlavor = 'radio' | 'bluetooth';

export interface MakeCodeBuild {
  dir: string;
  /** MakeCode's universal hex (built/binary.hex). */
  universalHex: string;
  v1Hex: string;
  v2Hex: string;
  v1Asm: string;
  v2Asm: string;
}

function pxtJsonFor(name: string, flavor: MakeCodeFlavor, files: string[]): string {
  const dependencies =
    flavor === 'radio' ? { core: '*', radio: '*', microphone: '*' } : { core: '*', bluetooth: '*', microphone: '*' };
  return JSON.stringify({ name, version: '0.0.0', dependencies, files, preferredEditor: 'tsprj' }, null, 2);
}

function pxt(args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, [join(TARGET, 'node_modules', 'pxt-core', 'built', 'pxt.js'), ...args], {
    cwd,
    env: { ...process.env, NODE_PATH: join(DEPS, 'node_modules'), PXT_NODOCKER: '1' },
    maxBuffer: 1 << 26,
    timeout: 180_000,
  });
}

/**
 * Builds a MakeCode project (file name -> text; main.ts at least) with the given firmware flavor.
 * The project's name is its title in the program header. Cached by content.
 */
export async function buildWithMakeCode(
  name: string,
  files: Record<string, string>,
  flavor: MakeCodeFlavor = 'radio',
): Promise<MakeCodeBuild> {
  await ensureMakeCode();
  const names = Object.keys(files).sort();
  const key = createHash('sha256')
    .update(JSON.stringify([name, flavor, names.map((n) => [n, files[n]])]))
    .digest('hex')
    .slice(0, 16);
  const dir = join(TARGET, 'projects', `${name}-${key}`);
  const built = join(dir, 'built');
  if (!existsSync(join(built, 'binary.hex'))) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'pxt.json'), pxtJsonFor(name, flavor, names));
    for (const n of names) writeFileSync(join(dir, n), files[n]!);
    await pxt(['install'], dir);
    const { stdout, stderr } = await pxt(['build'], dir);
    if (!existsSync(join(built, 'binary.hex'))) {
      throw new Error(`MakeCode did not build ${name}:\n${stdout}\n${stderr}`);
    }
  }
  const read = (file: string) => readFileSync(join(built, file), 'latin1');
  return {
    dir,
    universalHex: read('binary.hex'),
    v1Hex: read('mbdal-binary.hex'),
    v2Hex: read('mbcodal-binary.hex'),
    v1Asm: read('mbdal-binary.asm'),
    v2Asm: read('mbcodal-binary.asm'),
  };
}

export interface MakeCodeFunctionTable {
  /** The firmware's template hash (its file name in pxt-microbit's hexcache). */
  sha: string;
  variant: 'mbdal' | 'mbcodal';
  functions: { name: string; argsFmt: string[]; address: number }[];
}

/**
 * The runtime function list pxt derived from the C++ sources for each firmware of a flavor, with
 * the address pxt resolved for each entry (its `lookupFunctionAddr`), read by running pxt's build
 * in a child process with a hook on its hex-file setup.
 */
export async function makeCodeFunctionTables(flavor: MakeCodeFlavor): Promise<MakeCodeFunctionTable[]> {
  const build = await buildWithMakeCode(`functions-${flavor}`, { 'main.ts': 'basic.showNumber(0)\n' }, flavor);
  const out = join(build.dir, 'function-tables.json');
  if (!existsSync(out)) {
    const hook = join(build.dir, 'dump-function-tables.cjs');
    writeFileSync(
      hook,
      `const cli = require(${JSON.stringify(join(TARGET, 'node_modules', 'pxt-core', 'built', 'pxt.js'))});
const hexfile = global.ts.pxtc.hexfile;
const setupFor = hexfile.setupFor;
const tables = {};
hexfile.setupFor = function (opts, extInfo, cres) {
  const list = extInfo.functions.map((f) => ({ name: f.name, argsFmt: f.argsFmt.slice() }));
  const result = setupFor.apply(this, arguments);
  if (!tables[extInfo.sha]) {
    tables[extInfo.sha] = { sha: extInfo.sha, variant: extInfo.appVariant,
      functions: list.map((f) => ({ ...f, address: hexfile.lookupFunctionAddr(f.name) })) };
    require('fs').writeFileSync(${JSON.stringify(out)}, JSON.stringify(Object.values(tables)));
  }
  return result;
};
cli.mainCli(${JSON.stringify(TARGET)}, ['build']);
`,
    );
    await run(process.execPath, [hook], {
      cwd: build.dir,
      env: { ...process.env, NODE_PATH: join(DEPS, 'node_modules') },
      maxBuffer: 1 << 26,
      timeout: 180_000,
    });
  }
  const tables = JSON.parse(readFileSync(out, 'utf8')) as MakeCodeFunctionTable[];
  if (tables.length !== 2) throw new Error(`expected 2 firmware tables, got ${tables.length}`);
  return tables;
}

/**
 * MakeCode's own reader (pxt.cpp.unpackSourceFromHexAsync, as its editor uses on import) applied
 * to a file: the project header and the source text (the files map as JSON), or its error.
 */
export async function readSourceWithMakeCode(
  bytes: Uint8Array,
): Promise<{ meta?: Record<string, unknown>; source: string }> {
  await ensureMakeCode();
  const dir = join(MAKECODE_CACHE, 'reads');
  mkdirSync(dir, { recursive: true });
  const name = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const file = join(dir, `${name}.bin`);
  writeFileSync(file, bytes);
  const script = `
const pxtJs = ${JSON.stringify(join(TARGET, 'node_modules', 'pxt-core', 'built', 'pxt.js'))};
require(pxtJs);
const bytes = new Uint8Array(require('fs').readFileSync(${JSON.stringify(file)}));
global.pxt.cpp.unpackSourceFromHexAsync(bytes).then(
  (r) => process.stdout.write(JSON.stringify({ ok: true, meta: r.meta, source: r.source })),
  (e) => process.stdout.write(JSON.stringify({ ok: false, error: String(e && e.message || e) })),
);
`;
  const { stdout } = await run(process.execPath, ['-e', script], {
    cwd: dir,
    env: { ...process.env, NODE_PATH: join(DEPS, 'node_modules') },
    maxBuffer: 1 << 26,
    timeout: 120_000,
  });
  rmSync(file, { force: true });
  const result = JSON.parse(stdout.slice(stdout.indexOf('{'))) as
    { ok: true; meta?: Record<string, unknown>; source: string } | { ok: false; error: string };
  if (!result.ok) throw new Error(`MakeCode could not read the file: ${result.error}`);
  return { meta: result.meta, source: result.source };
}

/** A project file as the MakeCode web app of `targetVersion` saves it, built by MakeCode's compiler. */
export interface MakeCodeProjectFiles {
  /** MakeCode's universal .hex with the project's source embedded by MakeCode itself. */
  universalHex: string;
  /** The micro:bit V1-only .hex of the same build (the only kind MakeCode 0.x-3.x made). */
  v1Hex: string;
  /** The .mkcd project file: pxt-core's own LZMA of {meta, source}. */
  mkcd: Uint8Array;
  /** The files as MakeCode embedded them. */
  files: Record<string, string>;
}

/**
 * Builds a blocks project with MakeCode 9.1.1's command line, as though the MakeCode of
 * `targetVersion` (its versions record swapped in before the build) saved it: pxt.json says that
 * target version, as the web app writes it (pxt's own check then lets even a newer one build), and MakeCode's own embedding puts the source into
 * the .hex with that version in its header. Cached by content like buildWithMakeCode.
 */
export async function buildMakeCodeProjectFile(
  name: string,
  files: Record<string, string>,
  targetVersion: string,
): Promise<MakeCodeProjectFiles> {
  await ensureMakeCode();
  const versions = {
    branch: `v${targetVersion}`,
    tag: `v${targetVersion}`,
    commits: 'https://github.com/microsoft/pxt-microbit/commits/fixture',
    target: targetVersion,
    pxt: '13.0.1',
  };
  const config = {
    name,
    description: '',
    dependencies: { core: '*', radio: '*', microphone: '*' },
    files: Object.keys(files).sort(),
    preferredEditor: 'blocksprj',
    // What the web app writes: its own versions record (no targetId in it).
    targetVersions: versions,
  };
  const all: Record<string, string> = { ...files, 'pxt.json': JSON.stringify(config, null, 4) };
  const names = Object.keys(all).sort();
  const key = createHash('sha256')
    .update(JSON.stringify([name, targetVersion, names.map((n) => [n, all[n]])]))
    .digest('hex')
    .slice(0, 16);
  const dir = join(TARGET, 'projects', `file-${key}`);
  const built = join(dir, 'built');
  const mkcdFile = join(dir, 'project.mkcd');
  if (!existsSync(mkcdFile)) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
    for (const n of names) writeFileSync(join(dir, n), all[n]!);
    // pxt's own install and build refuse a pxt.json newer than the target: both run as that version.
    const hook = join(dir, 'build-as-version.cjs');
    writeFileSync(
      hook,
      `const cli = require(${JSON.stringify(join(TARGET, 'node_modules', 'pxt-core', 'built', 'pxt.js'))});
const versions = ${JSON.stringify(versions)};
const setAppTarget = global.pxt.setAppTarget;
global.pxt.setAppTarget = function (trg) {
  setAppTarget.call(this, trg);
  global.pxt.appTarget.versions = versions;
};
const fs = require('fs');
const done = cli.mainCli(${JSON.stringify(TARGET)}, [process.argv[2]]);
if (process.argv[2] === 'build') Promise.resolve(done).then(async () => {
  const project = JSON.parse(fs.readFileSync('pxt.json', 'utf8'));
  const source = {};
  for (const f of ['pxt.json', ...project.files]) source[f] = fs.readFileSync(f, 'utf8');
  const meta = { cloudId: 'pxt/microbit', targetVersions: versions, editor: 'blocksprj', name: project.name };
  const buf = await global.pxt.lzmaCompressAsync(JSON.stringify({ meta, source: JSON.stringify(source) }));
  fs.writeFileSync('project.mkcd', Buffer.from(buf));
});
`,
    );
    for (const command of ['install', 'build']) {
      await run(process.execPath, [hook, command], {
        cwd: dir,
        env: { ...process.env, NODE_PATH: join(DEPS, 'node_modules'), PXT_NODOCKER: '1' },
        maxBuffer: 1 << 26,
        timeout: 180_000,
      });
    }
    if (!existsSync(join(built, 'binary.hex')) || !existsSync(mkcdFile))
      throw new Error(`MakeCode did not build ${name} as ${targetVersion}`);
  }
  const read = (file: string) => readFileSync(join(built, file), 'latin1');
  return {
    universalHex: read('binary.hex'),
    v1Hex: read('mbdal-binary.hex'),
    mkcd: new Uint8Array(readFileSync(mkcdFile)),
    files: all,
  };
}

/**
 * Runs a script that loads MakeCode's command line (`require(pxtJs)`, the path given as the
 * script's first argument) in `cwd` with the modules it needs; its other arguments follow.
 */
export async function runWithPxt(script: string, args: readonly string[], cwd: string, timeout: number): Promise<void> {
  await ensureMakeCode();
  await run(process.execPath, [script, join(TARGET, 'node_modules', 'pxt-core', 'built', 'pxt.js'), TARGET, ...args], {
    cwd,
    env: { ...process.env, NODE_PATH: join(DEPS, 'node_modules'), PXT_NODOCKER: '1' },
    maxBuffer: 1 << 26,
    timeout,
  });
}

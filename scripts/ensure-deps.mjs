// Installs what is missing before start/test: npm packages when node_modules is absent or older
// than the lockfile, and (for tests) Debian's Chromium, a CJK font, ARM binutils, QEMU, srecord
// and PostgreSQL. Uses only Node built-ins, since it runs before anything is installed.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { findPostgresBin } from './lib/throwaway-postgres.mjs';
import { checkNodeVersion } from './lib/node-version.mjs';

const root = join(import.meta.dirname, '..');

function mtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

function workspaceManifests() {
  const found = [join(root, 'package.json')];
  for (const group of ['packages', 'packages/boards', 'apps']) {
    const dir = join(root, group);
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir)) {
      const manifest = join(dir, entry, 'package.json');
      if (existsSync(manifest)) found.push(manifest);
    }
  }
  for (const single of ['e2e', 'bench']) found.push(join(root, single, 'package.json'));
  return found.filter(existsSync);
}

/** Stops with a plain message on a Node.js older than package.json "engines" asks for. */
export function ensureNodeVersion() {
  const { engines } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const problem = engines?.node ? checkNodeVersion(process.versions.node, engines.node) : undefined;
  if (!problem) return;
  console.error(problem);
  process.exit(1);
}

export function ensureNodeModules() {
  ensureNodeVersion();
  const installed = mtime(join(root, 'node_modules', '.package-lock.json'));
  const newest = Math.max(mtime(join(root, 'package-lock.json')), ...workspaceManifests().map(mtime));
  if (installed && installed >= newest) return;
  // A first install (a fresh clone, as CI has) takes exactly what the lockfile says; a lockfile
  // that disagrees with a package.json is said plainly, then `npm install` mends it.
  let result;
  if (!installed && existsSync(join(root, 'package-lock.json'))) {
    console.log('Installing dependencies (first run: npm ci)…');
    result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) console.warn('npm ci failed (is package-lock.json out of date?): trying npm install…');
  }
  if (!result || result.status !== 0) {
    console.log(installed ? 'Dependencies changed: running npm install…' : 'Installing dependencies…');
    result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  }
  if (result.status !== 0) {
    console.error('npm install failed: see the messages above.');
    process.exit(result.status ?? 1);
  }
  // npm leaves the marker untouched when nothing changed; touch it so the next run skips install.
  const marker = join(root, 'node_modules', '.package-lock.json');
  if (existsSync(marker)) utimesSync(marker, new Date(), new Date());
}

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian packages the tests need, each with the file (or check) that shows it is installed. The
 * native back end's tests assemble with GNU as and boot device images in QEMU; the server's
 * database tests also run on a throw-away PostgreSQL cluster (docs/ARCHITECTURE.md). The
 * journeys' screenshots of the Chinese and Japanese interface need a font with those characters
 * (1.6 MB; a learner's own computer has one).
 */
export const testPackages = [
  { name: 'chromium', file: chromiumPath },
  { name: 'fonts-wqy-microhei', file: '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc' },
  { name: 'binutils-arm-none-eabi', file: '/usr/bin/arm-none-eabi-as' },
  { name: 'qemu-system-arm', file: '/usr/bin/qemu-system-arm' },
  { name: 'srecord', file: '/usr/bin/srec_cat' },
  { name: 'postgresql', file: '/usr/lib/postgresql/<version>/bin/initdb', installed: () => findPostgresBin() !== null },
];

function isInstalled(pkg) {
  return pkg.installed ? pkg.installed() : existsSync(pkg.file);
}

/** Installs with apt whichever of `packages` is missing (one apt run for all of them). */
export function ensureDebianPackages(packages) {
  const missing = packages.filter((pkg) => !isInstalled(pkg));
  if (missing.length === 0) return;
  const names = missing.map((pkg) => pkg.name);
  console.log(`Missing Debian packages: ${names.join(', ')}: installing them with apt…`);
  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = asRoot ? [] : ['sudo'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const run = (args) =>
    execFileSync(sudo.length ? 'sudo' : args[0], sudo.length ? args : args.slice(1), { stdio: 'inherit', env });
  run(['apt-get', 'update']);
  run(['apt-get', 'install', '-y', '--no-install-recommends', ...names]);
  const still = missing.filter((pkg) => !isInstalled(pkg));
  if (still.length > 0) {
    console.error(`apt finished but ${still.map((pkg) => pkg.file).join(', ')} is still missing.`);
    process.exit(1);
  }
}

export function ensureChromium() {
  ensureDebianPackages(testPackages.slice(0, 2));
}

/** Everything `npm test` needs from Debian. */
export function ensureTestPackages() {
  ensureDebianPackages(testPackages);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  ensureNodeModules();
  if (process.argv.includes('--chromium')) ensureChromium();
  if (process.argv.includes('--test-packages')) ensureTestPackages();
}

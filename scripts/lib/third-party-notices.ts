// The third-party notice (THIRD-PARTY-NOTICES.md): every package that ships in the web app, the
// server or the command line, with its licence and the licence text it came with.
//
// What ships is the production dependency closure of the three apps: their `dependencies`
// (and installed optional and peer dependencies), followed through our own workspace packages,
// which are ours and MIT (LICENSE). Vite tree-shakes the web app, so a package here may ship
// only in part; listing it anyway errs on the safe side. The server and CLI bundles keep
// third-party packages external, so those run from node_modules as installed.
//
// The file is generated (`npm run notices`) and a unit test regenerates it and compares, so a
// new dependency cannot land without its notice, and a package with a licence we have not
// approved fails the test.

import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** The apps whose bundles we ship. */
export const SHIPPED_APPS = ['apps/web', 'apps/server', 'apps/cli'] as const;

/**
 * Licences we accept in what we ship (SPDX ids). All are permissive; the notice file carries
 * their texts as they require. Anything else fails the check until someone decides.
 */
export const APPROVED_LICENSES = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC0-1.0',
  'ISC',
  'MIT',
  'MIT-0',
  'OFL-1.1',
  'Python-2.0',
  'Unlicense',
]);

/** Hand-written part of the notice: the firmware's terms, kept in its own file. */
export const FIRMWARE_NOTICE_FILE = 'scripts/third-party/firmware-notice.md';
export const NOTICE_FILE = 'THIRD-PARTY-NOTICES.md';

export interface ShippedPackage {
  name: string;
  version: string;
  /** The SPDX expression from package.json (or its old `licenses` array, joined with OR). */
  license: string;
  /** Which of our apps pull it in (web, server, cli). */
  apps: string[];
  repository: string | undefined;
  /** Licence and notice files shipped in the package, by file name. */
  texts: { file: string; text: string }[];
}

interface PackageJson {
  name?: string;
  version?: string;
  license?: unknown;
  licenses?: unknown;
  repository?: unknown;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/**
 * Dependency edges that never load in what we ship, each with its reason. Listing their trees
 * would credit code we do not distribute.
 */
export const NOT_SHIPPED: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // Blockly needs jsdom only when it runs under Node; the browser build never imports it.
  blockly: { jsdom: 'Node-only dependency of Blockly' },
};

function readJson(file: string): PackageJson {
  return JSON.parse(readFileSync(file, 'utf8')) as PackageJson;
}

/** Node's lookup: `<dir>/node_modules/<name>`, then each parent's, up to the repository root. */
function resolvePackage(name: string, fromDir: string, root: string): string | null {
  let dir = fromDir;
  for (;;) {
    const candidate = join(dir, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return realpathSync(dirname(candidate));
    if (dir === root || dirname(dir) === dir) return null;
    dir = dirname(dir);
  }
}

function licenseOf(json: PackageJson): string {
  if (typeof json.license === 'string') return json.license;
  if (json.license && typeof json.license === 'object' && 'type' in json.license) return String(json.license.type);
  if (Array.isArray(json.licenses))
    return json.licenses.map((entry: unknown) => String((entry as { type?: unknown }).type ?? entry)).join(' OR ');
  return 'UNKNOWN';
}

function repositoryOf(json: PackageJson): string | undefined {
  const repo = json.repository;
  const url = typeof repo === 'string' ? repo : (repo as { url?: unknown } | undefined)?.url;
  if (typeof url !== 'string') return undefined;
  return url.replace(/^git\+/, '').replace(/\.git$/, '');
}

const LICENSE_FILE = /^(licen[cs]e|copying|notice)([.-].*)?$/i;

function licenseTexts(dir: string): { file: string; text: string }[] {
  return readdirSync(dir)
    .filter((file) => LICENSE_FILE.test(file))
    .sort()
    .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8').replace(/\r\n/g, '\n').trim() }));
}

/** Every third-party package in the shipped apps' production closure, sorted by name and version. */
export function collectShippedPackages(root: string): ShippedPackage[] {
  const found = new Map<string, ShippedPackage>();
  for (const app of SHIPPED_APPS) {
    const appName = app.split('/')[1] ?? app;
    const seen = new Set<string>();
    const visit = (dir: string, isOurs: boolean) => {
      if (seen.has(dir)) return;
      seen.add(dir);
      const json = readJson(join(dir, 'package.json'));
      if (!isOurs) {
        const key = `${json.name}@${json.version}`;
        const entry = found.get(key);
        if (entry) {
          if (!entry.apps.includes(appName)) entry.apps.push(appName);
        } else {
          found.set(key, {
            name: json.name ?? relative(root, dir),
            version: json.version ?? '0.0.0',
            license: licenseOf(json),
            apps: [appName],
            repository: repositoryOf(json),
            texts: licenseTexts(dir),
          });
        }
      }
      const names = new Set([
        ...Object.keys(json.dependencies ?? {}),
        ...Object.keys(json.optionalDependencies ?? {}),
        // An optional peer is the host's choice (often type packages): not followed.
        ...Object.keys(json.peerDependencies ?? {}).filter((name) => !json.peerDependenciesMeta?.[name]?.optional),
      ]);
      const pruned = NOT_SHIPPED[json.name ?? ''] ?? {};
      for (const name of [...names].sort()) {
        if (pruned[name] !== undefined) continue;
        const resolved = resolvePackage(name, dir, root);
        // An optional or peer dependency that is not installed does not ship.
        if (!resolved) {
          if (json.dependencies?.[name] !== undefined)
            throw new Error(`${name} (needed by ${json.name}) is not installed: run npm install`);
          continue;
        }
        const ours = name.startsWith('@blockyard/') && !resolved.split(/[\\/]/).includes('node_modules');
        visit(resolved, ours);
      }
    };
    visit(join(root, app), true);
  }
  return [...found.values()].sort((a, b) => a.name.localeCompare(b.name, 'en') || a.version.localeCompare(b.version));
}

/** The SPDX ids in a licence expression such as `(MIT OR Apache-2.0)`. */
export function licenseIds(expression: string): string[] {
  return expression
    .replace(/[()]/g, ' ')
    .split(/\s+(?:OR|AND|WITH)\s+|\s+/)
    .filter(Boolean);
}

/** Packages whose licence is not approved: for an OR expression one approved choice is enough. */
export function unapprovedPackages(packages: readonly ShippedPackage[]): ShippedPackage[] {
  return packages.filter((pkg) => {
    const expression = pkg.license;
    if (/\bAND\b/.test(expression)) return !licenseIds(expression).every((id) => APPROVED_LICENSES.has(id));
    return !licenseIds(expression).some((id) => APPROVED_LICENSES.has(id));
  });
}

/** The notice file's text. */
export function renderNotices(packages: readonly ShippedPackage[], firmwareNotice: string): string {
  const lines: string[] = [];
  lines.push('# Third-party notices');
  lines.push('');
  lines.push('Blockyard itself is MIT-licensed (see `LICENSE`). It ships the open-source packages below');
  lines.push('in its web app, server and command line. Each is listed with its version, its licence and');
  lines.push('the licence and notice texts it is distributed with.');
  lines.push('');
  lines.push('<!-- Generated by `npm run notices` (scripts/lib/third-party-notices.ts) from the installed');
  lines.push('packages. Do not edit by hand: `npm test` fails when this file is out of date. The firmware');
  lines.push(`section comes from ${FIRMWARE_NOTICE_FILE}. -->`);
  lines.push('');
  lines.push('## Summary');
  lines.push('');
  lines.push('| package | version | licence | used by |');
  lines.push('| --- | --- | --- | --- |');
  for (const pkg of packages) lines.push(`| ${pkg.name} | ${pkg.version} | ${pkg.license} | ${pkg.apps.join(', ')} |`);
  lines.push('');
  lines.push('## Device firmware');
  lines.push('');
  lines.push(firmwareNotice.trim());
  lines.push('');
  lines.push('## Licence texts');
  for (const pkg of packages) {
    lines.push('');
    lines.push(`### ${pkg.name} ${pkg.version}`);
    lines.push('');
    lines.push(`Licence: ${pkg.license}${pkg.repository ? ` · Source: ${pkg.repository}` : ''}`);
    if (pkg.texts.length === 0) {
      lines.push('');
      lines.push(`The package ships no licence file; its package.json declares ${pkg.license}.`);
    }
    for (const { file, text } of pkg.texts) {
      lines.push('');
      lines.push(`${file}:`);
      lines.push('');
      // A fence longer than any run of backticks in the text, so no licence can end it early.
      const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
      const fence = '`'.repeat(longest + 1);
      lines.push(`${fence}text`);
      lines.push(text);
      lines.push(fence);
    }
  }
  lines.push('');
  return lines.join('\n');
}

/** The notice as it should be now, from the installed packages. */
export function expectedNotices(root: string): string {
  const firmware = readFileSync(join(root, FIRMWARE_NOTICE_FILE), 'utf8');
  return renderNotices(collectShippedPackages(root), firmware);
}

// Issue 12 item 5: the README names the oldest Node.js Blockyard runs on; every package npm
// installs must admit it, or `npm install` prints EBADENGINE warnings there.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { checkNodeVersion } from './lib/node-version.mjs';

const root = join(import.meta.dirname, '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; optional?: boolean }>;
};

/** "Node.js 20.19+" in the README, as 20.19.0. */
const named = /Node\.js (\d+)\.(\d+)\+/.exec(readme);
const oldest = named ? `${named[1]}.${named[2]}.0` : '';

/**
 * Packages that declare a newer Node than they need. Each names why it still runs on the oldest
 * Node the README names; the README says so too.
 */
const declaredTooHigh: Record<string, string> = {
  // Blockly 13 (which the editor needs: keyboard navigation is built in) declares Node 22 for
  // `require()` of its ES modules; Node 20.19 has that too. No Blockly 13 declares Node 20.
  blockly: 'require(esm), in Node since 20.19',
};

describe('the Node.js version the README names', () => {
  it('is named, and is what package.json "engines" asks for', () => {
    expect(oldest).not.toBe('');
    expect(semver.minVersion(manifest.engines.node)?.version).toBe(oldest);
  });

  it('is admitted by every installed package (npm install prints no EBADENGINE there)', () => {
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (!path || !range) continue;
      const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
      if (name in declaredTooHigh) continue;
      if (!semver.satisfies(oldest, range)) refused.push(`${name}@${entry.version ?? '?'} wants node ${range}`);
    }
    expect(refused).toEqual([]);
  });

  it('lists only exceptions that are installed and still needed, each explained in the README', () => {
    for (const name of Object.keys(declaredTooHigh)) {
      const entry = lock.packages[`node_modules/${name}`];
      const range = entry && !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
      expect(range, name).toBeDefined();
      expect(semver.satisfies(oldest, range!), `${name} admits ${oldest} now: drop the exception`).toBe(false);
      expect(readme, name).toContain(name);
    }
  });
});

describe('npm start on an older Node', () => {
  it('says plainly which Node is needed', () => {
    const message = checkNodeVersion('18.20.4', manifest.engines.node);
    expect(message).toContain('Blockyard needs Node.js 20.19 or newer; this is Node.js 18.20.4.');
    expect(checkNodeVersion('20.18.3', manifest.engines.node)).toContain('this is Node.js 20.18.3');
  });

  it('says nothing on the Node the README names or newer', () => {
    expect(checkNodeVersion(oldest, manifest.engines.node)).toBeUndefined();
    expect(checkNodeVersion('22.12.0', manifest.engines.node)).toBeUndefined();
    expect(checkNodeVersion(process.versions.node, manifest.engines.node)).toBeUndefined();
  });
});

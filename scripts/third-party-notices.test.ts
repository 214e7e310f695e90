import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  collectShippedPackages,
  expectedNotices,
  NOTICE_FILE,
  renderNotices,
  unapprovedPackages,
  type ShippedPackage,
} from './lib/third-party-notices.ts';

const root = join(import.meta.dirname, '..');

describe('the licence files in the repository', () => {
  it('LICENSE is the MIT licence', () => {
    const text = readFileSync(join(root, 'LICENSE'), 'utf8');
    expect(text).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
    expect(text).toContain('Permission is hereby granted, free of charge');
  });

  it('THIRD-PARTY-NOTICES.md lists exactly the packages installed now (run `npm run notices` after a dependency change)', () => {
    const committed = readFileSync(join(root, NOTICE_FILE), 'utf8');
    const expected = expectedNotices(root);
    if (committed !== expected) {
      const names = (text: string) => new Set([...text.matchAll(/^### (.+)$/gm)].map((m) => m[1]));
      const now = names(expected);
      const before = names(committed);
      const missing = [...now].filter((n) => !before.has(n));
      const stale = [...before].filter((n) => !now.has(n));
      expect.fail(
        `${NOTICE_FILE} is out of date: run \`npm run notices\` and commit it.\n` +
          `missing: ${missing.join(', ') || 'none'}\nno longer shipped: ${stale.join(', ') || 'none'}`,
      );
    }
  });

  it('every shipped package has an approved licence', () => {
    const unapproved = unapprovedPackages(collectShippedPackages(root)).map((p) => `${p.name} (${p.license})`);
    expect(unapproved).toEqual([]);
  });

  it('keeps a marked place for the firmware terms', () => {
    const text = readFileSync(join(root, NOTICE_FILE), 'utf8');
    expect(text).toContain('## Device firmware');
    expect(text).toContain('FIRMWARE TERMS');
  });
});

describe('collecting what ships', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (file: string, value: unknown) => {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), typeof value === 'string' ? value : JSON.stringify(value));
  };

  function fixture() {
    dir = mkdtempSync(join(tmpdir(), 'notices-'));
    write('apps/web/package.json', {
      name: '@blockyard/web',
      dependencies: { '@blockyard/core': '0.1.0', blockly: '1' },
    });
    write('apps/server/package.json', { name: '@blockyard/server', dependencies: { fastify: '5' } });
    write('apps/cli/package.json', { name: '@blockyard/cli', dependencies: { '@blockyard/core': '0.1.0' } });
    write('packages/core/package.json', { name: '@blockyard/core', dependencies: { tiny: '1' } });
    mkdirSync(join(dir, 'node_modules/@blockyard'), { recursive: true });
    symlinkSync(join(dir, 'packages/core'), join(dir, 'node_modules/@blockyard/core'));
    write('node_modules/tiny/package.json', { name: 'tiny', version: '1.0.0', license: 'MIT' });
    write('node_modules/tiny/LICENSE', 'MIT tiny text');
    write('node_modules/blockly/package.json', {
      name: 'blockly',
      version: '13.0.0',
      license: 'Apache-2.0',
      dependencies: { jsdom: '1' },
      peerDependencies: { '@types/thing': '1' },
      peerDependenciesMeta: { '@types/thing': { optional: true } },
    });
    write('node_modules/blockly/NOTICE', 'Blockly notice');
    write('node_modules/jsdom/package.json', { name: 'jsdom', version: '1.0.0', license: 'MIT' });
    write('node_modules/@types/thing/package.json', { name: '@types/thing', version: '1.0.0', license: 'MIT' });
    write('node_modules/fastify/package.json', {
      name: 'fastify',
      version: '5.0.0',
      license: 'MIT',
      dependencies: { tiny: '2' },
    });
    // A second version nested under its user.
    write('node_modules/fastify/node_modules/tiny/package.json', {
      name: 'tiny',
      version: '2.0.0',
      license: 'GPL-3.0',
    });
  }

  it('follows dependencies through our packages, skips Node-only edges and optional peers, tells versions apart', () => {
    fixture();
    const packages = collectShippedPackages(dir);
    expect(packages.map((p) => `${p.name}@${p.version}:${p.apps.join('+')}`)).toEqual([
      'blockly@13.0.0:web',
      'fastify@5.0.0:server',
      'tiny@1.0.0:web+cli',
      'tiny@2.0.0:server',
    ]);
    expect(packages[0]?.texts).toEqual([{ file: 'NOTICE', text: 'Blockly notice' }]);
    expect(unapprovedPackages(packages).map((p) => `${p.name}@${p.version}`)).toEqual(['tiny@2.0.0']);
  });

  it('fails loudly when a dependency is not installed', () => {
    fixture();
    rmSync(join(dir, 'node_modules/tiny'), { recursive: true });
    expect(() => collectShippedPackages(dir)).toThrow(/tiny .* is not installed/);
  });
});

describe('licence expressions', () => {
  const pkg = (license: string): ShippedPackage => ({
    name: 'x',
    version: '1',
    license,
    apps: ['web'],
    repository: undefined,
    texts: [],
  });
  it('accepts an OR with one approved choice and an AND only when every part is approved', () => {
    expect(unapprovedPackages([pkg('(MIT OR GPL-3.0)')])).toEqual([]);
    expect(unapprovedPackages([pkg('(MIT AND GPL-3.0)')])).toHaveLength(1);
    expect(unapprovedPackages([pkg('UNKNOWN')])).toHaveLength(1);
  });

  it('fences licence texts so backticks inside cannot end them', () => {
    const text = renderNotices([{ ...pkg('MIT'), texts: [{ file: 'LICENSE', text: 'a ``` b' }] }], 'firmware');
    expect(text).toContain('````text\na ``` b\n````');
  });
});

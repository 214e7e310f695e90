import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findPGliteTemplate, pgliteTemplatePath } from './pglite-template.ts';

const root = mkdtempSync(join(tmpdir(), 'blockyard-template-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('findPGliteTemplate', () => {
  it('finds the copy where the build writes it, for the installed PGlite version and migrations only', () => {
    const pglite = join(root, 'node_modules', '@electric-sql', 'pglite');
    mkdirSync(pglite, { recursive: true });
    writeFileSync(join(pglite, 'package.json'), JSON.stringify({ version: '9.9.9' }));
    expect(findPGliteTemplate(root)).toBeUndefined();
    const path = pgliteTemplatePath(root)!;
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, 'copy');
    expect(findPGliteTemplate(root)).toBe(path);
    expect(pgliteTemplatePath(root, '0001_initial')).not.toBe(path);
    writeFileSync(join(pglite, 'package.json'), JSON.stringify({ version: '10.0.0' }));
    expect(findPGliteTemplate(root)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { editorFor, isSafeFileName, toProjectFiles } from './project-files.ts';

describe('project files', () => {
  it('allows ordinary and nested names', () => {
    for (const ok of ['main.ts', 'README.md', '_locales/de/README.md', 'images.g.jres', 'my file.ts', 'ünïcode.md']) {
      expect(isSafeFileName(ok)).toBe(true);
    }
  });

  it('refuses names that could escape the folder or break file systems', () => {
    for (const bad of [
      '',
      '/etc/passwd',
      '../x',
      'a/../../b',
      'a//b',
      './a',
      'a\\b',
      'c:x',
      'a\u0000',
      '__proto__',
      ' a',
      'x'.repeat(256),
      'CON',
      'lpt1.txt',
      'a/.git/config',
      'a.',
      'a\u202egnp.ts',
      'a/'.repeat(9) + 'b',
    ]) {
      expect(isSafeFileName(bad)).toBe(false);
    }
  });

  it('checks files maps and copies them', () => {
    expect(toProjectFiles({ 'main.ts': 'x' })).toEqual({ files: { 'main.ts': 'x' } });
    expect(() => toProjectFiles(JSON.parse('{"__proto__": "x"}'))).toThrow(
      'The file name "__proto__" is not allowed in a project',
    );
    expect(toProjectFiles({ 'main.ts': 3 })).toHaveProperty('problem');
    expect(toProjectFiles(['main.ts'])).toHaveProperty('problem');
  });

  it('picks the editor from preferredEditor, then the main file', () => {
    expect(editorFor({ 'main.blocks': '' }, 'pyprj')).toBe('pyprj');
    expect(editorFor({ 'main.blocks': '', 'main.ts': '' })).toBe('blocksprj');
    expect(editorFor({ 'main.py': '', 'main.ts': '' })).toBe('pyprj');
    expect(editorFor({ 'main.ts': '' }, 'nonsense')).toBe('tsprj');
  });
});

import { describe, expect, it } from 'vitest';
import { clashingFileNames, displayFileName, fileNameProblem } from './file-names.ts';

describe('project file names', () => {
  it('says what is wrong with each kind of hostile name', () => {
    const cases: [string, string | null][] = [
      ['main.ts', null],
      ['_locales/de/README.md', null],
      ['.gitignore', null],
      ['', 'empty'],
      ['x'.repeat(161), 'too-long'],
      ['a/b/c/d/e/f/g/h/i/j', 'too-deep'],
      ['/etc/passwd', 'absolute'],
      ['C:\\x', 'backslash'],
      ['c:x', 'absolute'],
      ['..\\x', 'backslash'],
      ['a/../../b', 'parent'],
      ['./a', 'dot'],
      ['a//b', 'empty-folder'],
      ['a\u0000', 'control'],
      ['a\u202egnp.ts', 'control'],
      ['a\ud800', 'control'],
      ['a?b', 'forbidden-character'],
      [' a', 'edge-space-or-dot'],
      ['a.', 'edge-space-or-dot'],
      ['Nul.txt', 'reserved'],
      ['COM1', 'reserved'],
      ['.GIT/hooks/x', 'reserved'],
      ['__proto__', 'reserved'],
    ];
    for (const [name, problem] of cases) expect([name, fileNameProblem(name)]).toEqual([name, problem]);
  });

  it('shows a hostile name safely: escaped, short', () => {
    expect(displayFileName('a\u0000b')).toBe('a\\u0000b');
    expect(displayFileName('a\u202eb')).toBe('a\\u202eb');
    expect(displayFileName('x'.repeat(300))).toBe(`${'x'.repeat(57)}...`);
    expect(displayFileName('ünïcode.md')).toBe('ünïcode.md');
  });

  it('finds names that cannot share a folder', () => {
    expect(clashingFileNames(['main.ts', 'README.md'])).toBeNull();
    expect(clashingFileNames(['main.ts', 'Main.TS'])).toEqual(['main.ts', 'Main.TS']);
    expect(clashingFileNames(['docs', 'docs/a.md'])).toEqual(['docs', 'docs/a.md']);
    expect(clashingFileNames(['docs/a.md', 'docs/b.md'])).toBeNull();
  });
});

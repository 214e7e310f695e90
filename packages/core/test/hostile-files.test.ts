// Project files made by an attacker (test/fixtures/hostile/, written by make-hostile.ts): each is
// refused with a plain message saying what is wrong, and nothing bigger than the caps is built.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FormatError, MAX_PROJECT_TEXT_BYTES, readProject } from '../src/index.ts';
import { hostileDir } from './fixtures/make-hostile.ts';

function refusal(name: string, onProgress?: (fraction: number) => void): FormatError {
  const bytes = new Uint8Array(readFileSync(join(hostileDir, name)));
  try {
    readProject(bytes, { fileName: name, ...(onProgress ? { onProgress } : {}) });
  } catch (error) {
    if (error instanceof FormatError) return error;
    throw error;
  }
  throw new Error(`${name} was read`);
}

describe('hostile project files', () => {
  it.each(['lzma-bomb.mkcd', 'lzma-bomb.hex'])(
    'stops unpacking %s (9 KB that unpacks to 60 MB) at the cap, with a plain message',
    (name) => {
      const seen: number[] = [];
      const error = refusal(name, (fraction) => seen.push(fraction));
      expect(error.code).toBe('project-too-big');
      expect(error.message).toBe('This project is too big to open: it unpacks to more than 16 MB.');
      // Progress was reported on the way, and it only ever went forward.
      expect(seen.length).toBeGreaterThan(10);
      expect([...seen].sort((a, b) => a - b)).toEqual(seen);
      expect(error.detail).toContain(String(MAX_PROJECT_TEXT_BYTES));
    },
  );

  it.each([
    ['parent-path.json', '../evil.ts', 'it points outside the project folder (..)'],
    ['absolute-path.mkcd', '/etc/cron.d/evil', 'it is a full path on a computer, not a name inside the project'],
    ['backslash-name.hex', '..\\\\..\\\\evil.ts', 'it contains a backslash (\\)'],
    ['nul-name.uf2', 'main.ts\\u0000.txt', 'it contains invisible control characters'],
    ['overlong-name.png', `${'x'.repeat(57)}...`, 'it is longer than 160 characters'],
    ['reserved-name.json', 'CON.ts', 'it uses a name that computers keep for themselves (such as CON, NUL or .git)'],
    [
      'git-hooks.json',
      '.git/hooks/post-checkout',
      'it uses a name that computers keep for themselves (such as CON, NUL or .git)',
    ],
  ])('refuses %s, naming the file and why', (fixture, shown, reason) => {
    const error = refusal(fixture);
    expect(error.code).toBe('invalid-file-name');
    expect(error.message).toBe(`The file name "${shown}" is not allowed in a project: ${reason}.`);
  });

  it('refuses two names that would overwrite each other on Windows and macOS', () => {
    expect(refusal('case-clash.json').message).toBe(
      'The files "main.ts" and "MAIN.TS" cannot be in one project: their names differ only in capital letters.',
    );
  });
});

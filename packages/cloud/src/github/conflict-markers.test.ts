import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hasConflictMarkers, parseConflicts, resolveConflicts } from './conflict-markers.ts';

const merged = ['a', '<<<<<<< this project', 'ours 1', '=======', 'theirs 1', '>>>>>>> GitHub', 'b'].join('\n');

describe('conflict markers', () => {
  it('are seven < or > at the start of a line, not six and not mid-line', () => {
    expect(hasConflictMarkers(merged)).toBe(true);
    expect(hasConflictMarkers('x\n>>>>>>> theirs')).toBe(true);
    expect(hasConflictMarkers('<<<<<< six\n>>>>>> six')).toBe(false);
    expect(hasConflictMarkers('let a = b <<<<<<< c')).toBe(false);
  });

  it('cut a file into shared lines and clashes', () => {
    expect(parseConflicts(merged)).toEqual([
      { kind: 'same', lines: ['a'] },
      { kind: 'conflict', ours: ['ours 1'], theirs: ['theirs 1'] },
      { kind: 'same', lines: ['b'] },
    ]);
  });

  it('pick a side per clash; a clash without a choice stays', () => {
    const two = `${merged}\n${merged}`;
    expect(resolveConflicts(two, ['ours', 'theirs'])).toBe('a\nours 1\nb\na\ntheirs 1\nb');
    expect(resolveConflicts(two, ['both'])).toBe(
      'a\nours 1\ntheirs 1\nb\na\n<<<<<<<\nours 1\n=======\ntheirs 1\n>>>>>>>\nb',
    );
  });

  it('keep a start marker that never closes as an ordinary line', () => {
    expect(parseConflicts('<<<<<<< x\nline')).toEqual([{ kind: 'same', lines: ['<<<<<<< x', 'line'] }]);
  });

  it('never lose a line of text without markers (any text)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        if (hasConflictMarkers(text)) return;
        expect(resolveConflicts(text, [])).toBe(text);
      }),
    );
  });
});

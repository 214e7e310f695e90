import { describe, expect, it } from 'vitest';
import { DIFF_MAX_LINES, diffFile, diffProject } from './file-diff.ts';

describe('file diffs before a commit', () => {
  it('show changed lines with 3 lines of context and their numbers', () => {
    const before = ['1', '2', '3', '4', '5', '6', '7', '8', '9'].join('\n');
    const after = ['1', '2', '3', '4', 'five', '6', '7', '8', '9'].join('\n');
    const diff = diffFile('main.ts', before, after)!;
    expect(diff.tooBig).toBe(false);
    if (diff.tooBig) return;
    expect(diff.hunks).toHaveLength(1);
    expect(diff.hunks[0]!.map((l) => `${l.kind[0]}${l.text}`)).toEqual([
      's2',
      's3',
      's4',
      'r5',
      'afive',
      's6',
      's7',
      's8',
    ]);
    expect(diff.hunks[0]![3]).toEqual({ kind: 'removed', text: '5', oldLine: 5 });
    expect(diff.hunks[0]![4]).toEqual({ kind: 'added', text: 'five', newLine: 5 });
  });

  it('say too big past 1024 lines', () => {
    const big = Array.from({ length: DIFF_MAX_LINES + 1 }, (_, i) => `line ${i}`).join('\n');
    expect(diffFile('main.ts', 'a', big)).toEqual({ path: 'main.ts', status: 'changed', tooBig: true });
    const limit = Array.from({ length: DIFF_MAX_LINES }, (_, i) => `line ${i}`).join('\n');
    expect(diffFile('main.ts', 'a', limit)?.tooBig).toBe(false);
  });

  it('list added, removed and changed files by path, and nothing for equal ones', () => {
    const diffs = diffProject(
      { 'a.ts': 'x', 'b.ts': 'y', 'c.ts': 'same' },
      { 'b.ts': 'y2', 'c.ts': 'same', 'd.ts': 'new' },
    );
    expect(diffs.map((d) => [d.path, d.status])).toEqual([
      ['a.ts', 'removed'],
      ['b.ts', 'changed'],
      ['d.ts', 'added'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { hasConflictMarkers } from './conflict-markers.ts';
import { mergeProjectFiles } from './three-way-merge.ts';

describe('mergeProjectFiles', () => {
  it('takes each side where only it changed, and merges changes to different lines', () => {
    const base = { 'main.ts': 'a\nb\nc\nd\ne', 'README.md': 'hi', 'old.ts': 'x' };
    const ours = { 'main.ts': 'A\nb\nc\nd\ne', 'README.md': 'hi', 'old.ts': 'x', 'mine.ts': 'm' };
    const theirs = { 'main.ts': 'a\nb\nc\nd\nE', 'README.md': 'hello' };
    expect(mergeProjectFiles(base, ours, theirs)).toEqual({
      files: { 'main.ts': 'A\nb\nc\nd\nE', 'README.md': 'hello', 'mine.ts': 'm' },
      conflicts: [],
    });
  });

  it('marks clashing lines with seven < and > and names the file', () => {
    const result = mergeProjectFiles({ 'main.ts': 'a\nb' }, { 'main.ts': 'a\nours' }, { 'main.ts': 'a\ntheirs' });
    expect(result.conflicts).toEqual(['main.ts']);
    expect(result.files['main.ts']).toBe('a\n<<<<<<< this project\nours\n=======\ntheirs\n>>>>>>> GitHub');
    expect(hasConflictMarkers(result.files['main.ts']!)).toBe(true);
  });

  it('keeps an edit when the other side removed the file', () => {
    const result = mergeProjectFiles({ 'a.ts': '1' }, { 'a.ts': '2' }, {});
    expect(result).toEqual({ files: { 'a.ts': '2' }, conflicts: [] });
  });
});

import { describe, expect, it } from 'vitest';
import { mergeContent, sameContent } from './merge-content.ts';

const base = { name: 'Dice', files: { 'main.ts': 'a', 'README.md': 'r', 'pxt.json': '{}' } };

describe('mergeContent', () => {
  it('keeps both sides when they changed different things', () => {
    const mine = { name: 'Dice', files: { ...base.files, 'main.ts': 'mine' } };
    const theirs = { name: 'Lucky dice', files: { ...base.files, 'README.md': 'theirs' } };
    expect(mergeContent(base, mine, theirs)).toEqual({
      status: 'merged',
      content: { name: 'Lucky dice', files: { 'main.ts': 'mine', 'README.md': 'theirs', 'pxt.json': '{}' } },
    });
  });

  it('reports every file (and the name) both sides changed differently', () => {
    const mine = { name: 'Mine', files: { ...base.files, 'main.ts': 'mine', 'README.md': 'same' } };
    const theirs = { name: 'Theirs', files: { ...base.files, 'main.ts': 'theirs', 'README.md': 'same' } };
    expect(mergeContent(base, mine, theirs)).toEqual({ status: 'conflict', conflicts: ['name', 'main.ts'] });
  });

  it('handles added and deleted files', () => {
    const { 'README.md': _dropped, ...withoutReadme } = base.files;
    const mine = { name: 'Dice', files: { ...base.files, 'assets.json': '{}' } };
    const theirs = { name: 'Dice', files: withoutReadme };
    const merged = mergeContent(base, mine, theirs);
    expect(merged.status === 'merged' && merged.content.files).toEqual({
      'main.ts': 'a',
      'pxt.json': '{}',
      'assets.json': '{}',
    });
    const editedAndDeleted = mergeContent(
      base,
      { name: 'Dice', files: { ...base.files, 'README.md': 'edited' } },
      theirs,
    );
    expect(editedAndDeleted).toEqual({ status: 'conflict', conflicts: ['README.md'] });
  });

  it('compares content exactly', () => {
    expect(sameContent(base, { name: 'Dice', files: { ...base.files } })).toBe(true);
    expect(sameContent(base, { name: 'Dice ', files: base.files })).toBe(false);
    expect(sameContent(base, { name: 'Dice', files: { ...base.files, extra: '' } })).toBe(false);
  });
});

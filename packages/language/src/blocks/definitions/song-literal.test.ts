import { describe, expect, it } from 'vitest';
import { EMPTY_SONG_LITERAL, isSongLiteral, songLiteralHex } from './song-literal.ts';

describe('song literals', () => {
  it('read the hex digits of hex`…` text, whitespace between bytes allowed', () => {
    expect(songLiteralHex(EMPTY_SONG_LITERAL)).toBe('00780004080100');
    expect(songLiteralHex('hex`00 78\n  00`')).toBe('007800');
    expect(songLiteralHex('hex``')).toBe('');
  });

  it('refuse anything else', () => {
    for (const text of ['hex`0`', 'hex`0 0`', 'hex`zz`', '"0078"', 'img`00`', 'hex`00${x}`', 'hex`00']) {
      expect(isSongLiteral(text), text).toBe(false);
    }
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8, encodeModifiedUtf8, encodeUtf8, handDecodeUtf8, handEncodeUtf8 } from './utf8.ts';

describe('UTF-8', () => {
  it('encodes exactly like TextEncoder, lone surrogates included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(encodeUtf8(text)).toEqual(new TextEncoder().encode(text));
      }),
    );
  });

  it('decodes what it encodes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (text) => {
        expect(decodeUtf8(encodeUtf8(text))).toBe(text);
      }),
    );
  });

  it('refuses malformed input instead of guessing', () => {
    expect(decodeUtf8(Uint8Array.of(0xc0, 0x80))).toBeNull(); // overlong NUL
    expect(decodeUtf8(Uint8Array.of(0xed, 0xa0, 0x80))).toBeNull(); // encoded surrogate
    expect(decodeUtf8(Uint8Array.of(0xf4, 0x90, 0x80, 0x80))).toBeNull(); // above U+10FFFF
    expect(decodeUtf8(Uint8Array.of(0xe2, 0x82))).toBeNull(); // cut short
    expect(decodeUtf8(Uint8Array.of(0x80))).toBeNull(); // stray continuation
    expect(decodeUtf8(Uint8Array.of(0xe2, 0x82, 0xac))).toBe('€');
  });

  it('agrees with a fatal TextDecoder on arbitrary bytes', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        let expected: string | null;
        try {
          expected = fatal.decode(bytes);
        } catch {
          expected = null;
        }
        expect(decodeUtf8(bytes)).toBe(expected);
      }),
    );
  });
});

describe('modified UTF-8 (LZMA-JS text)', () => {
  it('encodes each UTF-16 unit alone and NUL as C0 80, and decodes back', () => {
    expect(Array.from(encodeModifiedUtf8('a\u0000🎉'))).toEqual([0x61, 0xc0, 0x80, 0xed, 0xa0, 0xbc, 0xed, 0xbe, 0x89]);
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(decodeUtf8(encodeModifiedUtf8(text), { modified: true })).toBe(text);
      }),
    );
  });

  it('is only accepted when asked for', () => {
    expect(decodeUtf8(encodeModifiedUtf8('🎉'))).toBeNull();
    expect(decodeUtf8(encodeUtf8('🎉'), { modified: true })).toBe('🎉');
  });
});

describe('UTF-8 by the platform and by hand (the CLI sandbox has no TextEncoder)', () => {
  it('encode and decode alike', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const bytes = handEncodeUtf8(text);
        expect(encodeUtf8(text)).toEqual(bytes);
        expect(decodeUtf8(bytes)).toBe(handDecodeUtf8(bytes));
      }),
    );
  });

  it('refuse the same malformed bytes, and keep modified UTF-8 to the hand decoder', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        expect(decodeUtf8(bytes)).toBe(handDecodeUtf8(bytes));
        expect(decodeUtf8(bytes, { modified: true })).toBe(handDecodeUtf8(bytes, { modified: true }));
      }),
    );
    expect(decodeUtf8(Uint8Array.of(0xef, 0xbb, 0xbf, 0x41))).toBe('\ufeffA');
    expect(decodeUtf8(encodeModifiedUtf8('a\u0000\ud83d\ude00'), { modified: true })).toBe('a\u0000\ud83d\ude00');
  });
});

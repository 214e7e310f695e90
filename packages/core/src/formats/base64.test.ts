import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataUrlLength, decodeBase64, encodeBase64, handDecodeBase64, handEncodeBase64 } from './base64.ts';

describe('base64', () => {
  it('matches Node and round-trips', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = encodeBase64(bytes);
        expect(text).toBe(Buffer.from(bytes).toString('base64'));
        expect(decodeBase64(text)).toEqual(bytes);
        expect(dataUrlLength('image/png', bytes.length)).toBe(`data:image/png;base64,${text}`.length);
      }),
    );
  });

  it('refuses characters outside the alphabet and bad padding', () => {
    expect(decodeBase64('ab$d')).toBeNull();
    expect(decodeBase64('abc')).toBeNull();
    expect(decodeBase64('a=bc')).toBeNull();
    expect(decodeBase64('aGk=')).toEqual(Uint8Array.of(0x68, 0x69));
  });
});

describe('base64 by the platform and by hand (the CLI sandbox has no platform codec)', () => {
  it('give the same text and the same bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = handEncodeBase64(bytes);
        expect(encodeBase64(bytes)).toBe(text);
        expect(decodeBase64(text)).toEqual(handDecodeBase64(text));
      }),
    );
  });

  it('refuse the same malformed text (the platform forgives spaces and missing padding)', () => {
    for (const text of ['aGk', 'aG k', 'aGk=\n', 'aGk==', '=aGk', 'aGk=aGk=']) {
      expect(decodeBase64(text)).toBeNull();
      expect(handDecodeBase64(text)).toBeNull();
    }
  });
});

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CompressedTexts, pickEncoding } from './compressed-text.ts';

const bigText = JSON.stringify(Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`key${i}`, `words ${i}`])));

describe('pickEncoding', () => {
  it('prefers Brotli, then gzip, and honours q=0', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
    expect(pickEncoding('br;q=0, gzip;q=0')).toBeUndefined();
  });
});

describe('CompressedTexts', () => {
  it('gives bodies that decompress to the text', () => {
    const texts = new CompressedTexts();
    const br = texts.get(bigText, '"a"', 'br')!;
    const gzip = texts.get(bigText, '"a"', 'gzip')!;
    expect(brotliDecompressSync(br).toString()).toBe(bigText);
    expect(gunzipSync(gzip).toString()).toBe(bigText);
    expect(br.length).toBeLessThan(bigText.length / 3);
  });

  it('leaves small texts alone', () => {
    expect(new CompressedTexts().get('{"a":1}', '"b"', 'br')).toBeUndefined();
  });

  it('compresses a text once per ETag and keeps only the most recent', () => {
    const texts = new CompressedTexts();
    const first = texts.get(bigText, '"same"', 'br');
    expect(texts.get(bigText, '"same"', 'br')).toBe(first);
    for (let i = 0; i < 40; i++) texts.get(bigText + i, `"other${i}"`, 'br');
    expect(texts.get(bigText, '"same"', 'br')).not.toBe(first);
  });
});

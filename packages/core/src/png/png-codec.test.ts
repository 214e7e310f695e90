import { deflateSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simplePng } from '../../test/fixtures/makecode-layout.ts';
import { crc32 } from './crc32.ts';
import { decodePng, encodePng, PngError, pngChunk, PNG_SIGNATURE } from './png-codec.ts';
import { createImage, scaleImage } from './rgba-image.ts';

function noise(width: number, height: number, seed = 1) {
  const image = createImage(width, height);
  let x = seed;
  for (let i = 0; i < image.data.length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    image.data[i] = i % 4 === 3 ? 255 : (x >>> 24) & (i % 3 ? 0xff : 0xf0);
  }
  return image;
}

describe('PNG codec', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('round-trips RGBA images of any size', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), fc.integer(), (w, h, seed) => {
        const image = noise(w, h, seed);
        expect(decodePng(encodePng(image))).toEqual(image);
      }),
      { numRuns: 40 },
    );
  });

  it('reads PNGs written by another encoder, including RGB ones', () => {
    const image = noise(13, 7);
    expect(decodePng(simplePng(13, 7, image.data))).toEqual(image);
    const rgb = Buffer.from(simplePng(2, 1, Uint8Array.of(1, 2, 3, 255, 4, 5, 6, 255)));
    rgb[25] = 2; // colour type RGB: rebuild the rows without alpha
    const header = rgb.subarray(16, 29);
    const crcOk = pngChunk('IHDR', header);
    const idat = pngChunk('IDAT', deflateSync(Uint8Array.of(0, 1, 2, 3, 4, 5, 6)));
    const file = Buffer.concat([PNG_SIGNATURE, crcOk, idat, pngChunk('IEND', new Uint8Array(0))]);
    expect(decodePng(file).data).toEqual(Uint8Array.of(1, 2, 3, 255, 4, 5, 6, 255));
  });

  it.each([
    ['a wrong signature', (f: Uint8Array) => ((f[1] = 0), f)],
    ['a wrong chunk CRC', (f: Uint8Array) => ((f[f.length - 20]! ^= 1), f)],
    ['a truncated file', (f: Uint8Array) => f.subarray(0, f.length - 30)],
    ['a missing IEND', (f: Uint8Array) => f.subarray(0, f.length - 12)],
  ])('refuses %s', (_name, damage) => {
    expect(() => decodePng(damage(encodePng(noise(20, 20)).slice()))).toThrow(PngError);
  });

  it('refuses what cannot carry a project: palettes, 16 bits, interlacing, huge sizes', () => {
    const withHeader = (edit: (h: Uint8Array) => void) => {
      const header = new Uint8Array(13);
      const view = new DataView(header.buffer);
      view.setUint32(0, 4);
      view.setUint32(4, 4);
      header.set([8, 6, 0, 0, 0], 8);
      edit(header);
      return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', header), pngChunk('IEND', new Uint8Array(0))]);
    };
    expect(() => decodePng(withHeader((h) => (h[9] = 3)))).toThrow(/8-bit RGB/);
    expect(() => decodePng(withHeader((h) => (h[8] = 16)))).toThrow(/8-bit RGB/);
    expect(() => decodePng(withHeader((h) => (h[12] = 1)))).toThrow(/interlacing/);
    expect(() =>
      decodePng(
        withHeader((h) => {
          new DataView(h.buffer).setUint32(0, 100_000);
          new DataView(h.buffer).setUint32(4, 1000);
        }),
      ),
    ).toThrow(/size/);
  });

  it('refuses image data that inflates to more or less than the image needs', () => {
    const header = new Uint8Array(13);
    new DataView(header.buffer).setUint32(0, 2);
    new DataView(header.buffer).setUint32(4, 2);
    header.set([8, 6, 0, 0, 0], 8);
    for (const size of [17, 19, 10_000_000]) {
      const file = Buffer.concat([
        PNG_SIGNATURE,
        pngChunk('IHDR', header),
        pngChunk('IDAT', deflateSync(new Uint8Array(size))),
        pngChunk('IEND', new Uint8Array(0)),
      ]);
      expect(() => decodePng(file)).toThrow(/wrong size/);
    }
  });

  it('scales images with nearest-neighbour sampling', () => {
    const image = noise(3, 2);
    const big = scaleImage(image, 4);
    expect([big.width, big.height]).toEqual([12, 8]);
    // Big pixel (5, 0) samples source pixel (1, 0); big pixel (11, 7) samples (2, 1).
    expect(big.data.subarray(20, 24)).toEqual(image.data.subarray(4, 8));
    expect(big.data.subarray((7 * 12 + 11) * 4, (7 * 12 + 12) * 4)).toEqual(image.data.subarray(20, 24));
    expect(scaleImage(image, 0.01)).toMatchObject({ width: 1, height: 1 });
  });
});

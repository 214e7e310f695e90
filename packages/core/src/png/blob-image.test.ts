import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makecodePng } from '../../test/fixtures/makecode-layout.ts';
import { BlobImageError, embedBlobInImage, extractBlobFromImage, IMAGE_BLOB_MAGIC } from './blob-image.ts';
import { decodePng } from './png-codec.ts';
import { createImage } from './rgba-image.ts';

describe('bytes hidden in an image (MakeCode layout)', () => {
  it('round-trips blobs of every size, adding rows when 4 bits per channel are not enough', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 5, max: 30 }),
        fc.integer({ min: 5, max: 30 }),
        fc.uint8Array({ maxLength: 3000 }),
        (w, h, blob) => {
          const image = createImage(w, h);
          image.data.fill(0x5a);
          const carrier = embedBlobInImage(image, blob);
          expect(carrier.width).toBe(w);
          expect(extractBlobFromImage(carrier)).toEqual(blob);
          // Only the low bits change, and every alpha is opaque.
          for (let i = 0; i < w * h * 4; i++) {
            if (i % 4 === 3) expect(carrier.data[i]).toBe(255);
            else expect(carrier.data[i]! & 0xf0).toBe(0x50);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('needs room for its header in the picture itself', () => {
    expect(() => embedBlobInImage(createImage(4, 6), new Uint8Array(1))).toThrow(/too small/);
    expect(embedBlobInImage(createImage(5, 5), new Uint8Array(0)).height).toBe(5);
    expect(embedBlobInImage(createImage(5, 5), new Uint8Array(1)).height).toBe(6);
  });

  it('uses as few bits per channel as fit', () => {
    const image = createImage(100, 100);
    const bpp = (blob: number) => {
      const d = embedBlobInImage(image, new Uint8Array(blob)).data;
      return (d[0]! & 1) | ((d[1]! & 1) << 1) | ((d[2]! & 1) << 2);
    };
    expect(bpp(1000)).toBe(1);
    expect(bpp(5000)).toBe(2);
    expect(bpp(10_000)).toBe(3);
    expect(bpp(14_000)).toBe(4);
    expect(embedBlobInImage(image, new Uint8Array(20_000)).height).toBeGreaterThan(100);
  });

  it('reads images written by an independent implementation of the layout', () => {
    const blob = new Uint8Array(700).map((_, i) => (i * 37) & 0xff);
    expect(extractBlobFromImage(decodePng(makecodePng(blob, 40, 30)))).toEqual(blob);
    expect(extractBlobFromImage(decodePng(makecodePng(blob, 6, 5)))).toEqual(blob); // with added rows
  });

  it('tells a wrong magic from a broken layout', () => {
    const image = createImage(20, 20);
    const carrier = embedBlobInImage(image, new Uint8Array(10));
    expect(() => extractBlobFromImage(image)).toThrow(/0 bits per channel/);
    const wrong = embedBlobInImage(image, new Uint8Array(10));
    wrong.data[4]! ^= 1; // first bit of the magic
    try {
      extractBlobFromImage(wrong);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(BlobImageError);
      expect((error as BlobImageError).wrongMagic).toBe(true);
    }
    expect(IMAGE_BLOB_MAGIC).toBe(0x59347a7d);
    expect(extractBlobFromImage(carrier)).toEqual(new Uint8Array(10));
  });
});

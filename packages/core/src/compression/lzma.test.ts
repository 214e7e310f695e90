import { execFileSync, spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lzmaJsCompress, lzmaJsDecompress, lzmaJsDecompressText } from '../../test/fixtures/lzma-js.ts';
import { bigProject } from '../../test/fixtures/big-project.ts';
import { encodeModifiedUtf8, encodeUtf8 } from '../formats/utf8.ts';
import type { Scheduler } from './cooperative.ts';
import { encodeLzmaAsync } from './lzma.ts';
import { decodeLzma, LzmaDataError } from './lzma-decoder.ts';
import { encodeLzma } from './lzma-encoder.ts';

const hasXz = spawnSync('xz', ['--version']).status === 0;
const sample = encodeUtf8(JSON.stringify(bigProject(120)));

describe('LZMA', () => {
  it('round-trips arbitrary bytes and text', () => {
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 2000 }), fc.string().map(encodeUtf8)), (data) => {
        expect(decodeLzma(encodeLzma(data))).toEqual(data);
      }),
      { numRuns: 300 },
    );
  });

  it('round-trips repetitive data with long and repeated matches', () => {
    const data = new Uint8Array(100_000);
    for (let i = 0; i < data.length; i++) data[i] = (i % 97 < 50 ? i % 7 : (i * 31) % 251) & 0xff;
    expect(decodeLzma(encodeLzma(data))).toEqual(data);
    expect(decodeLzma(encodeLzma(new Uint8Array(300_000)))).toEqual(new Uint8Array(300_000));
  });

  it('writes a MakeCode-like header: lc=3 lp=0 pb=2, 8 MiB dictionary at level 7, the exact size', () => {
    const out = encodeLzma(sample);
    expect(out[0]).toBe(0x5d);
    expect(Array.from(out.subarray(1, 5))).toEqual([0, 0, 0x80, 0]);
    expect(new DataView(out.buffer).getUint32(5, true)).toBe(sample.length);
    expect(new DataView(out.buffer).getUint32(9, true)).toBe(0);
    expect(out.length).toBeLessThan(sample.length / 3);
  });

  it('is read by LZMA-JS (what MakeCode uses), and reads LZMA-JS output', () => {
    expect(lzmaJsDecompress(encodeLzma(sample))).toEqual(sample);
    expect(decodeLzma(lzmaJsCompress(sample))).toEqual(sample);
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'binary' }), (text) => {
        // LZMA-JS turns text into modified UTF-8; it must read ours back as that same text.
        expect(lzmaJsDecompressText(encodeLzma(encodeModifiedUtf8(text)))).toBe(text);
      }),
      { numRuns: 100 },
    );
  });

  it.skipIf(!hasXz)('is read by xz, and reads xz streams of unknown size with an end marker', () => {
    const ours = execFileSync('xz', ['--format=lzma', '--decompress', '--stdout'], { input: encodeLzma(sample) });
    expect(new Uint8Array(ours)).toEqual(sample);
    const fromXz = new Uint8Array(execFileSync('xz', ['--format=lzma', '--stdout', '-6'], { input: sample }));
    expect(Array.from(fromXz.subarray(5, 13))).toEqual([255, 255, 255, 255, 255, 255, 255, 255]);
    expect(decodeLzma(fromXz)).toEqual(sample);
  });

  it('gives the same bytes asynchronously, yielding to the scheduler between slices', async () => {
    let time = 0;
    let yields = 0;
    // Each look at the clock moves it on 100 ms, so a 200 ms slice ends every other step.
    const scheduler: Scheduler = {
      now: () => (time += 100),
      yield: () => {
        yields++;
        return Promise.resolve();
      },
    };
    const data = encodeUtf8(JSON.stringify(bigProject(1000)));
    const out = await encodeLzmaAsync(data, { scheduler, sliceMs: 200 });
    expect(out).toEqual(encodeLzma(data));
    expect(yields).toBeGreaterThan(2);
  });

  describe('decoder on bad input', () => {
    const good = encodeLzma(sample);

    it('reports truncation (the end marker and the final flush bytes may go: the data is complete)', () => {
      for (const cut of [0, 5, 13, 17, 18, good.length >> 1, good.length - 16]) {
        expect(() => decodeLzma(good.subarray(0, cut))).toThrow(LzmaDataError);
      }
    });

    it('refuses a declared size beyond the limit without allocating it', () => {
      const huge = good.slice();
      huge.set([0, 0, 0, 0x40, 0, 0, 0, 0], 5); // 1 GiB
      expect(() => decodeLzma(huge)).toThrow(/uncompressed size/);
      const unknown = good.slice();
      unknown.fill(0xff, 5, 13);
      expect(() => decodeLzma(unknown, { maxOutputBytes: 1000 })).toThrow(LzmaDataError);
    });

    it('never throws anything but LzmaDataError on flipped bits, and ends quickly', () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: good.length * 8 - 1 }), fc.integer({ min: 0, max: 3 }), (bit, extra) => {
          const bad = good.slice();
          bad[bit >> 3]! ^= 1 << (bit & 7);
          if (extra) bad[(bit * 7919) % bad.length]! ^= extra;
          try {
            decodeLzma(bad);
          } catch (error) {
            expect(error).toBeInstanceOf(LzmaDataError);
          }
        }),
        { numRuns: 400 },
      );
    });
  });
});

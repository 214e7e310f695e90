// Spec 000 §9: at most 64 words per read or write request. A fake CMSIS-DAP records each request
// (a TAR write starts one; block transfers after it belong to it) and serves a memory behind it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CmsisDap, DapOperation } from './cmsis-dap.ts';
import { MemoryAccess } from './memory-access.ts';

const TAR = 0x04;

function fakeDap() {
  const memory = new Map<number, number>();
  const requests: { address: number; words: number }[] = [];
  let tar = 0;
  const current = () => requests[requests.length - 1]!;
  const dap = {
    transfer: (ops: readonly DapOperation[]) => {
      for (const op of ops) {
        if (op.ap && !op.read && op.register === TAR) {
          tar = op.value ?? 0;
          requests.push({ address: tar, words: 0 });
        }
      }
      return Promise.resolve([]);
    },
    transferBlockRead: (_ap: boolean, _register: number, count: number) => {
      const words = new Uint32Array(count);
      for (let i = 0; i < count; i++, tar += 4) words[i] = memory.get(tar) ?? 0;
      current().words += count;
      return Promise.resolve(words);
    },
    transferBlockWrite: (_ap: boolean, _register: number, words: ArrayLike<number>) => {
      for (let i = 0; i < words.length; i++, tar += 4) memory.set(tar, words[i]!);
      current().words += words.length;
      return Promise.resolve();
    },
    writeAbort: () => Promise.resolve(),
  };
  return { dap: dap as unknown as CmsisDap, memory, requests };
}

describe('memory blocks through the debug port', () => {
  it('splits a 1,000-word write and read into requests of at most 64 words, and the words arrive', async () => {
    const { dap, requests } = fakeDap();
    const memory = new MemoryAccess(dap);
    const words = Array.from({ length: 1000 }, (_, i) => (i * 2654435761) >>> 0);
    await memory.writeBlock(0x2000_0000, words);
    expect(requests.length).toBeGreaterThanOrEqual(Math.ceil(1000 / 64));
    expect(Math.max(...requests.map((r) => r.words))).toBe(64);
    requests.length = 0;
    const back = await memory.readBlock(0x2000_0000, 1000);
    expect(Array.from(back)).toEqual(words);
    expect(requests.every((r) => r.words <= 64)).toBe(true);
  });

  it('never asks for more than 64 words, nor across a 1 KB boundary, wherever a block starts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2048 }), fc.integer({ min: 1, max: 600 }), async (start, count) => {
        const { dap, requests } = fakeDap();
        const memory = new MemoryAccess(dap);
        await memory.readBlock(0x1000 + start * 4, count);
        await memory.writeBlock(0x1000 + start * 4, new Array<number>(count).fill(7));
        for (const r of requests) {
          expect(r.words).toBeLessThanOrEqual(64);
          expect(Math.floor(r.address / 1024)).toBe(Math.floor((r.address + r.words * 4 - 1) / 1024));
        }
        expect(requests.reduce((sum, r) => sum + r.words, 0)).toBe(2 * count);
      }),
      { numRuns: 200 },
    );
  });
});

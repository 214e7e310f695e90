// The page hash, computed on the host the same way hash_pages computes it on the board
// (flash-helpers-source.ts): two 32-bit lanes over the page's little-endian words, an FNV-1a
// style lane and a multiply-add-shift lane. Not cryptographic: it tells changed pages from
// unchanged ones, and a file can only fool it into skipping a page of its own.

const HASH_SEEDS = { h0: 0x811c9dc5, h1: 0x9e3779b9 } as const;
const HASH_PRIMES = { p0: 0x01000193, p1: 0x85ebca6b } as const;

/** [h0, h1] of `page` (its length a multiple of 4). */
export function pageHash(page: Uint8Array): [number, number] {
  let h0 = HASH_SEEDS.h0;
  let h1 = HASH_SEEDS.h1;
  for (let i = 0; i < page.length; i += 4) {
    const word = (page[i]! | (page[i + 1]! << 8) | (page[i + 2]! << 16) | (page[i + 3]! << 24)) >>> 0;
    h0 = Math.imul(h0 ^ word, HASH_PRIMES.p0) >>> 0;
    h1 = Math.imul((h1 + word) >>> 0, HASH_PRIMES.p1) >>> 0;
    h1 = (h1 ^ (h1 >>> 15)) >>> 0;
  }
  return [h0, h1];
}

import type { MemorySegment } from '@blockyard/core';

/** The bytes at [address, address + length) across segments; throws where nothing is written. */
export function readFlash(segments: readonly MemorySegment[], address: number, length: number): Uint8Array {
  const out = new Uint8Array(length);
  const written = new Uint8Array(length);
  for (const s of segments) {
    const from = Math.max(address, s.address);
    const to = Math.min(address + length, s.address + s.data.length);
    if (from >= to) continue;
    out.set(s.data.subarray(from - s.address, to - s.address), from - address);
    written.fill(1, from - address, to - address);
  }
  const hole = written.indexOf(0);
  if (hole >= 0) throw new Error(`nothing is written at 0x${(address + hole).toString(16)}`);
  return out;
}

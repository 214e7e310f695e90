/**
 * One hash for telling whether texts changed (tutorial snippets since a cache entry was made, a
 * project's name and files since the cloud last agreed): a 64-bit FNV-1a over the UTF-16 units
 * of each part, parts kept apart, as 16 hex digits. Not cryptographic: nothing may rely on two
 * different texts never sharing a hash, only on that being very unlikely.
 */
export function textHash(parts: readonly string[]): string {
  let high = 0xcbf29ce4;
  let low = 0x84222325;
  const feed = (unit: number) => {
    low ^= unit;
    // Multiply the 64-bit value by the FNV prime 0x100000001b3 in 16-bit pieces.
    const l0 = low & 0xffff;
    const l1 = low >>> 16;
    const h0 = high & 0xffff;
    const h1 = high >>> 16;
    let r0 = l0 * 0x1b3;
    let r1 = l1 * 0x1b3 + (r0 >>> 16);
    let r2 = h0 * 0x1b3 + (r1 >>> 16) + l0 * 0x100;
    let r3 = h1 * 0x1b3 + (r2 >>> 16) + l1 * 0x100;
    r0 &= 0xffff;
    r1 &= 0xffff;
    r2 &= 0xffff;
    r3 &= 0xffff;
    low = ((r1 << 16) | r0) >>> 0;
    high = ((r3 << 16) | r2) >>> 0;
  };
  for (const part of parts) {
    for (let i = 0; i < part.length; i++) feed(part.charCodeAt(i));
    feed(0xffff); // separates ["ab"] from ["a", "b"]
  }
  return high.toString(16).padStart(8, '0') + low.toString(16).padStart(8, '0');
}

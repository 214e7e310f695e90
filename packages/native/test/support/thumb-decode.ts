/** Decodes a 32-bit Thumb BL (two little-endian halfwords at `at`) to its target address. */
export function decodeThumbBl(bytes: Uint8Array, at: number, pc: number): number | null {
  const hi = bytes[at]! | (bytes[at + 1]! << 8);
  const lo = bytes[at + 2]! | (bytes[at + 3]! << 8);
  if ((hi & 0xf800) !== 0xf000 || (lo & 0xd000) !== 0xd000) return null;
  const s = (hi >> 10) & 1;
  const j1 = (lo >> 13) & 1;
  const j2 = (lo >> 11) & 1;
  const i1 = j1 ^ s ^ 1;
  const i2 = j2 ^ s ^ 1;
  let offset = (s << 24) | (i1 << 23) | (i2 << 22) | ((hi & 0x3ff) << 12) | ((lo & 0x7ff) << 1);
  if (s) offset -= 1 << 25;
  return pc + 4 + offset;
}

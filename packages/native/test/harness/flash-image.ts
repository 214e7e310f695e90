import { parseIntelHex } from '@blockyard/core';

export const V1_FLASH_SIZE = 0x40000;
const V1_BOARD_ID = 0x9900;

/**
 * The V1 flash as QEMU's `-kernel` wants it: 256 KiB, unwritten bytes 0xFF. Takes a V1 .hex
 * (ours or MakeCode's, whose source records sit after the end-of-file record) or a Universal
 * Hex (its V1 section). Source records (0x0E) are dropped first: they are not flash, and tools
 * that do not know the type (srec_cat) would load them over the program. UICR is outside flash
 * and dropped too.
 */
export function v1FlashImage(hex: string): Uint8Array {
  const lines: string[] = [];
  for (const raw of hex.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) continue;
    if (/^:[0-9A-Fa-f]{6}0[Ee]/.test(line)) continue;
    lines.push(line);
    if (/^:00000001FF$/i.test(line)) break;
  }
  const image = parseIntelHex(lines.join('\n') + '\n');
  const section =
    image.sections.length === 1 ? image.sections[0] : image.sections.find((s) => s.boardId === V1_BOARD_ID);
  if (!section) throw new Error('the .hex has no micro:bit V1 image');
  const flash = new Uint8Array(V1_FLASH_SIZE).fill(0xff);
  for (const segment of section.segments) {
    if (segment.address >= V1_FLASH_SIZE) continue;
    const end = Math.min(V1_FLASH_SIZE, segment.address + segment.data.length);
    flash.set(segment.data.subarray(0, end - segment.address), segment.address);
  }
  return flash;
}

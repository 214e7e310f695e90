import type { CooperativeOptions } from '../compression/cooperative.ts';
import { FormatError, guardReader } from '../formats/format-error.ts';
import { finishRead, type LoadedProject, type ReadOptions } from '../project/loaded-project.ts';
import type { ProjectFiles } from '../project/project-files.ts';
import { BOARD_LAYOUTS, DEFAULT_FLASH_SIZE, type BoardVersion } from './board-layout.ts';
import {
  decodeEmbeddedProject,
  encodeEmbeddedProject,
  encodeEmbeddedProjectAsync,
  type EmbedOptions,
} from './embedded-project.ts';
import { emptyProgramMarker, hasEmptyProgramMarker } from './empty-program.ts';
import { parseIntelHex, writeIntelHex } from './intel-hex.ts';
import type { MemorySegment } from './memory-image.ts';
import { buildSourceEmbedding, findSourceEmbedding } from './source-embedding.ts';

export interface ContainerWriteOptions extends EmbedOptions {
  /** Which micro:bit's flash layout to use; V2 by default. */
  board?: BoardVersion;
}

/**
 * Where our containers put things: the empty-program marker at the board's program start, then
 * DEFAULT_FLASH_SIZE (128 KiB) reserved for the program, then the embedded source.
 */
export function containerLayout(board: BoardVersion = 'v2'): { markerAddress: number; sourceAddress: number } {
  const layout = BOARD_LAYOUTS[board];
  return { markerAddress: layout.programStart, sourceAddress: layout.programStart + DEFAULT_FLASH_SIZE };
}

function segmentsFor(meta: Uint8Array, text: Uint8Array, board: BoardVersion | undefined): MemorySegment[] {
  const { markerAddress, sourceAddress } = containerLayout(board);
  const source = buildSourceEmbedding(meta, text);
  // Pad to whole 16-byte records, as MakeCode's assembler does.
  const padded = new Uint8Array(Math.ceil(source.length / 16) * 16);
  padded.set(source);
  return [
    { address: markerAddress, data: emptyProgramMarker(DEFAULT_FLASH_SIZE) },
    { address: sourceAddress, data: padded },
  ];
}

/** Our .hex: Intel HEX with the empty-program marker and the MakeCode-compatible embedded source. */
export function writeProjectHex(files: ProjectFiles, options: ContainerWriteOptions = {}): string {
  const { meta, text } = encodeEmbeddedProject(files, options);
  return writeIntelHex(segmentsFor(meta, text, options.board));
}

/** As writeProjectHex, yielding about every 200 ms while compressing (spec 000 §9). */
export async function writeProjectHexAsync(
  files: ProjectFiles,
  options: ContainerWriteOptions & CooperativeOptions = {},
): Promise<string> {
  const { meta, text } = await encodeEmbeddedProjectAsync(files, options);
  return writeIntelHex(segmentsFor(meta, text, options.board));
}

/**
 * Reads a .hex with embedded source: ours, a MakeCode micro:bit .hex, or a Universal Hex (the
 * source may sit in any board's section). Errors: "This .hex file is not valid." (broken Intel HEX
 * or a damaged source), "This .hex file doesn't contain source.", "Compression type {x} not supported.",
 * and the pxt.json messages.
 */
export function readProjectHex(bytes: Uint8Array, options: ReadOptions = {}): LoadedProject {
  return guardReader('hex-invalid', () => {
    const image = parseIntelHex(bytes);
    let magicSeen = false;
    // MakeCode's single-board .hex files carry the source after the end-of-file record.
    for (const segments of [...image.sections.map((s) => s.segments), image.trailer]) {
      const found = findSourceEmbedding(segments);
      if (!found.found) {
        magicSeen ||= found.magicSeen;
        continue;
      }
      const embedded = decodeEmbeddedProject(found.source, 'hex-invalid', options);
      const program = image.sections.some((s) => hasEmptyProgramMarker(s.segments)) ? 'empty' : 'present';
      return finishRead('hex', embedded.files, 'hex-invalid', { ...embedded, program }, options);
    }
    if (magicSeen) throw new FormatError('hex-invalid', {}, 'the embedded source is cut short');
    throw new FormatError('hex-no-source');
  });
}

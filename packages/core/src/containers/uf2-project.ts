import type { CooperativeOptions } from '../compression/cooperative.ts';
import { FormatError, guardReader } from '../formats/format-error.ts';
import { finishRead, type LoadedProject, type ReadOptions } from '../project/loaded-project.ts';
import type { ProjectFiles } from '../project/project-files.ts';
import { BOARD_LAYOUTS, DEFAULT_FLASH_SIZE, UF2_FAMILY_IDS } from './board-layout.ts';
import { decodeEmbeddedProject, encodeEmbeddedProject, encodeEmbeddedProjectAsync } from './embedded-project.ts';
import { emptyProgramMarker, hasEmptyProgramMarker } from './empty-program.ts';
import type { ContainerWriteOptions } from './hex-project.ts';
import { buildSourceEmbedding, findSourceEmbedding } from './source-embedding.ts';
import { parseUf2Blocks, uf2Memory, UF2_FLAGS, writeUf2 } from './uf2.ts';

export interface Uf2WriteOptions extends Omit<ContainerWriteOptions, 'board'> {
  /** The UF2 family id; micro:bit V2 (nRF52833, 0x621E937A) by default. */
  familyId?: number;
}

function uf2For(meta: Uint8Array, text: Uint8Array, familyId: number | undefined): Uint8Array {
  const layout = BOARD_LAYOUTS.v2;
  return writeUf2(
    [
      { address: layout.programStart, data: emptyProgramMarker(DEFAULT_FLASH_SIZE) },
      // The source is a comment for tools, not flash content: bootloaders skip these blocks.
      {
        address: layout.programStart + DEFAULT_FLASH_SIZE,
        data: buildSourceEmbedding(meta, text),
        flags: UF2_FLAGS.notMainFlash,
      },
    ],
    familyId ?? UF2_FAMILY_IDS.nrf52833,
  );
}

/**
 * Our .uf2: 512-byte blocks with 256-byte payloads and the family id; one block with the
 * empty-program marker at the V2 program start, then the embedded source in not-main-flash blocks.
 */
export function writeProjectUf2(files: ProjectFiles, options: Uf2WriteOptions = {}): Uint8Array {
  const { meta, text } = encodeEmbeddedProject(files, options);
  return uf2For(meta, text, options.familyId);
}

export async function writeProjectUf2Async(
  files: ProjectFiles,
  options: Uf2WriteOptions & CooperativeOptions = {},
): Promise<Uint8Array> {
  const { meta, text } = await encodeEmbeddedProjectAsync(files, options);
  return uf2For(meta, text, options.familyId);
}

/** Reads a .uf2 with embedded source (ours or MakeCode's); errors mirror the .hex ones. */
export function readProjectUf2(bytes: Uint8Array, options: ReadOptions = {}): LoadedProject {
  return guardReader('uf2-invalid', () => {
    const segments = uf2Memory(parseUf2Blocks(bytes));
    const found = findSourceEmbedding(segments);
    if (!found.found) {
      if (found.magicSeen) throw new FormatError('uf2-invalid', {}, 'the embedded source is cut short');
      throw new FormatError('uf2-no-source');
    }
    const embedded = decodeEmbeddedProject(found.source, 'uf2-invalid', options);
    const program = hasEmptyProgramMarker(segments) ? 'empty' : 'present';
    return finishRead('uf2', embedded.files, 'uf2-invalid', { ...embedded, program }, options);
  });
}

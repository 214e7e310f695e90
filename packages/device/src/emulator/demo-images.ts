// Real micro:bit images for the emulated board and the tests, until the native back end makes
// them from learners' programs: the pinned firmware (@blockyard/native's FirmwareStore) linked
// with a tiny program by our own linker. The program does nothing on a real board (its main
// returns at once) but it is a complete, valid program: header, hashes, name, relocations; the
// emulated board starts it and stands in for it (application.ts).

import type { MemorySegment } from '@blockyard/core';
import {
  linkVariant,
  projectSource,
  writeUniversalHex,
  writeVariantHex,
  type FirmwareStore,
  type LinkedVariant,
  type ProgramObject,
} from '@blockyard/native';
import type { BoardVariant } from './board-facts.ts';

/** A program object whose code only returns, named `name` (ASCII, at most 40 characters). */
export function demoProgramObject(name: string, padding = 0): ProgramObject {
  const label = name.replace(/[^\x20-\x7e]/g, '?').slice(0, 40);
  const nameAt = 40;
  const code = new Uint8Array(nameAt + 6 + label.length + (label.length % 2) + padding * 2);
  const view = new DataView(code.buffer);
  view.setUint32(0, 0, true); // the main action: RefAction vtable (runtime address)
  view.setUint16(4, 0, true);
  view.setUint16(6, 0, true);
  view.setUint32(8, 12 + 1, true); // main, a Thumb function (program address)
  view.setUint16(12, 0xb500, true); // main: push {lr}
  view.setUint16(14, 0xbd00, true); //       pop {pc}
  view.setUint16(16, 0x4770, true); // lambda trampoline: bx lr
  view.setUint16(18, 0x4770, true); // restore exception state: bx lr
  // 20: config data (empty list), 24: interface member names (none), 32: perf counters (none).
  view.setUint32(nameAt, 0, true); // the name: string vtable (runtime address)
  view.setUint16(nameAt + 4, label.length, true);
  for (let i = 0; i < label.length; i++) code[nameAt + 6 + i] = label.charCodeAt(i);
  // Padding (distinct words) to make a program span several pages when a test wants one.
  for (let i = 0; i < padding; i++)
    view.setUint16(nameAt + 6 + label.length + (label.length % 2) + i * 2, (i * 2654435761) >>> 16, true);
  return {
    code,
    relocations: [
      { kind: 'runtime-address', at: 0, name: 'pxt::RefAction_vtable' },
      { kind: 'program-address', at: 8 },
      { kind: 'runtime-address', at: nameAt, name: 'pxt::string_inline_ascii_vt' },
    ],
    header: {
      globals: 1,
      nonPointerGlobals: 1,
      configData: 20,
      ifaceMemberNames: 24,
      lambdaTrampoline: 16,
      perfCounters: 32,
      restoreExceptionState: 18,
      name: nameAt,
    },
  };
}

export interface DemoImages {
  v1: LinkedVariant;
  v2: LinkedVariant;
  /** The Universal Hex a learner would download (with the project's source when given). */
  universalHex: string;
  hex(variant: BoardVariant): string;
}

export async function buildDemoImages(
  store: FirmwareStore,
  name: string,
  options: { padding?: number; files?: Record<string, string> } = {},
): Promise<DemoImages> {
  const object = demoProgramObject(name, options.padding ?? 0);
  const v1 = linkVariant(await store.get('v1'), object);
  const v2 = linkVariant(await store.get('v2'), object);
  const source = options.files ? projectSource(options.files) : undefined;
  return {
    v1,
    v2,
    universalHex: writeUniversalHex(v1, v2, source),
    hex: (variant) => writeVariantHex(variant === 'v1' ? v1 : v2, source),
  };
}

/** A board's flash from the factory: the linked image's segments (flash and UICR). */
export function factorySegments(linked: LinkedVariant): MemorySegment[] {
  return linked.segments;
}

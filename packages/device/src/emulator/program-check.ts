// What the board's firmware decides when it starts: is there firmware at all (a sane vector
// table), is there a program (MakeCode's 16-byte magic on a page boundary after the runtime, found
// the way the DAL's memory map finds it), and does the program belong to this firmware (the
// runtime's linked marker names the program's start and its template hash, checked as pxt's
// exec_binary does). packages/native/docs/firmware-interface.md §2-§5 has the facts.

import { readU32LE } from '@blockyard/core';
import { PROGRAM_MAGIC } from '@blockyard/native';
import type { EmulatedBoardFacts } from './board-facts.ts';

/** The marker's first word once linked: the runtime version pxt checks. */
const LINKED_MARKER_VERSION = 0x4210;

export type ProgramCheck =
  | { kind: 'no-firmware' }
  | { kind: 'no-program' }
  /** A program whose template hash is not this firmware's: the runtime refuses to run it. */
  | { kind: 'mismatch'; start: number }
  | { kind: 'program'; start: number; name: string; programHash: string; templateHash: string };

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function matches(bytes: Uint8Array, at: number, pattern: Uint8Array): boolean {
  for (let i = 0; i < pattern.length; i++) if (bytes[at + i] !== pattern[i]) return false;
  return true;
}

/** The program's name: the string literal object the header points at (vtable, u16 length, ASCII). */
function programName(flash: Uint8Array, address: number): string {
  if (address + 6 > flash.length) return 'program';
  const length = Math.min(40, flash[address + 4]! | (flash[address + 5]! << 8));
  let name = '';
  for (let i = 0; i < length && address + 6 + i < flash.length; i++) {
    const c = flash[address + 6 + i]!;
    name += c >= 0x20 && c < 0x7f ? String.fromCharCode(c) : '?';
  }
  return name || 'program';
}

export function checkProgram(flash: Uint8Array, facts: EmulatedBoardFacts): ProgramCheck {
  // The reset vector must be a Thumb address in flash (erased flash, or a vector cleared to 0,
  // faults at once: the core locks up).
  const reset = readU32LE(flash, 4);
  if ((reset & 1) === 0 || reset >= flash.length) return { kind: 'no-firmware' };
  let start = -1;
  for (let page = facts.applicationStart; page < facts.scratchPage; page += facts.pageSize) {
    if (matches(flash, page, PROGRAM_MAGIC)) {
      start = page;
      break;
    }
  }
  if (start < 0) return { kind: 'no-program' };
  const templateHash = flash.subarray(start + 16, start + 24);
  for (let at = facts.applicationStart; at + 16 <= start; at += 16) {
    if (readU32LE(flash, at) === LINKED_MARKER_VERSION && readU32LE(flash, at + 4) === start) {
      if (!matches(flash, at + 8, templateHash)) return { kind: 'mismatch', start };
      return {
        kind: 'program',
        start,
        name: programName(flash, readU32LE(flash, start + 60)),
        programHash: hex(flash.subarray(start + 24, start + 32)),
        templateHash: hex(templateHash),
      };
    }
  }
  return { kind: 'mismatch', start };
}

/** What the runtime in flash says about itself: its template hash and where its program starts. */
export interface RuntimeMarker {
  /** Where the runtime expects the program (the MakeCode region's start). */
  programStart: number;
  /** The runtime's template hash (the DAL region's hash over Bluetooth), hex. */
  templateHash: string;
}

/** The runtime's linked marker, found as checkProgram finds it; null without one. */
export function runtimeMarker(flash: Uint8Array, facts: EmulatedBoardFacts): RuntimeMarker | null {
  for (let at = facts.applicationStart; at + 16 <= facts.scratchPage; at += 16) {
    const start = readU32LE(flash, at + 4);
    if (readU32LE(flash, at) === LINKED_MARKER_VERSION && start > at && start < facts.scratchPage) {
      return { programStart: start, templateHash: hex(flash.subarray(at + 8, at + 16)) };
    }
  }
  return null;
}

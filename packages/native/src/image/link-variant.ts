import type { MemorySegment } from '@blockyard/core';
import type { DeviceVariant, FirmwareFlavor } from '../firmware/device-variant.ts';
import {
  entryAddress,
  FirmwareError,
  LINKED_MARKER_VERSION,
  TABLE_MARKER_SIZE,
  templateHashBytes,
  type FirmwareImage,
} from '../firmware/firmware-image.ts';
import { readU32, toHex, writeU32 } from '../binary/bytes.ts';
import { sealProgram } from './program-hash.ts';
import { PROGRAM_HEADER_SIZE, writeProgramHeader } from './program-header.ts';
import type { ProgramObject, Relocation } from './program-object.ts';
import { ProgramTooBigError } from './program-too-big.ts';

/** One board's linked image. */
export interface LinkedVariant {
  variant: DeviceVariant;
  flavor: FirmwareFlavor;
  firmware: FirmwareImage;
  programStart: number;
  /** Header and code as placed in flash (unpadded). */
  program: Uint8Array;
  /** The 4 hash bytes stored in the header, as hex. */
  programHash: string;
  /** Bytes of flash the program occupies. */
  size: number;
  /** Bytes between the program start and the end of usable flash. */
  room: number;
  /** room - size. */
  free: number;
  /** The whole flash image: firmware (marker patched), zero padding up to the program, program. */
  segments: MemorySegment[];
}

export class LinkError extends Error {
  override readonly name = 'LinkError';
}

/** A Thumb-2 `BL` from `pc` (the instruction's address) to `target`, as two little-endian halfwords. */
export function encodeThumbBl(pc: number, target: number): [number, number] {
  const offset = target - (pc + 4);
  if (offset % 2 !== 0 || offset < -(1 << 24) || offset >= 1 << 24) {
    throw new LinkError(`a call from ${pc.toString(16)} cannot reach ${target.toString(16)}`);
  }
  const s = offset < 0 ? 1 : 0;
  const imm = (offset >>> 1) & 0xffffff;
  const i1 = (imm >>> 22) & 1;
  const i2 = (imm >>> 21) & 1;
  const j1 = i1 ^ 1 ^ s;
  const j2 = i2 ^ 1 ^ s;
  const imm10 = (imm >>> 11) & 0x3ff;
  const imm11 = imm & 0x7ff;
  return [0xf000 | (s << 10) | imm10, 0xd000 | (j1 << 13) | (j2 << 11) | imm11];
}

function applyRelocation(code: Uint8Array, codeBase: number, firmware: FirmwareImage, r: Relocation): void {
  if (!Number.isInteger(r.at) || r.at < 0 || r.at > code.length - 4 || r.at % 2 !== 0) {
    throw new LinkError(`a relocation at ${r.at} lies outside the ${code.length}-byte program`);
  }
  if (r.kind === 'program-address') {
    const value = readU32(code, r.at);
    if (value >= code.length + 1) throw new LinkError(`the address at ${r.at} points outside the program`);
    writeU32(code, r.at, codeBase + value);
    return;
  }
  const entry = firmware.table.byName.get(r.name);
  if (!entry) throw new LinkError(`the ${firmware.flavor} firmware has no runtime entry named ${r.name}`);
  const address = entryAddress(firmware, entry);
  if (r.kind === 'runtime-address') {
    const pointer = entry.kind === 'data' ? address : address | 1;
    writeU32(code, r.at, (readU32(code, r.at) + pointer) >>> 0);
    return;
  }
  if (entry.kind === 'data') throw new LinkError(`${r.name} is data, not a function: it cannot be called`);
  const [hi, lo] = encodeThumbBl(codeBase + r.at, address);
  code[r.at] = hi & 0xff;
  code[r.at + 1] = hi >>> 8;
  code[r.at + 2] = lo & 0xff;
  code[r.at + 3] = lo >>> 8;
}

function checkOffset(name: string, offset: number, codeLength: number): void {
  if (!Number.isInteger(offset) || offset < 0 || offset >= codeLength) {
    throw new LinkError(`the header's ${name} (${offset}) is not an offset into the ${codeLength}-byte program`);
  }
}

/**
 * Links a program into one variant's firmware: header, relocations, program hash, the patched
 * marker (version 0x4210, program start, template hash), size check.
 * Throws ProgramTooBigError (code 9283) when it does not fit, LinkError for a malformed object.
 */
export function linkVariant(firmware: FirmwareImage, object: ProgramObject): LinkedVariant {
  const flavor = object.flavor ?? 'radio';
  if (flavor !== firmware.flavor) {
    throw new FirmwareError(`the program needs the ${flavor} firmware, not the ${firmware.flavor} one`);
  }
  const { code, header } = object;
  if (code.length === 0 || code.length % 2 !== 0)
    throw new LinkError('program code must be a non-empty, even number of bytes');
  const fields = [
    'configData',
    'ifaceMemberNames',
    'lambdaTrampoline',
    'perfCounters',
    'restoreExceptionState',
    'name',
  ] as const;
  for (const field of fields) checkOffset(field, header[field], code.length);
  if (!Number.isInteger(header.globals) || header.globals < 1 || header.globals > 0xffff) {
    throw new LinkError(`the program declares ${header.globals} globals; slot 0 is always needed`);
  }
  if (header.nonPointerGlobals < 1 || header.nonPointerGlobals > header.globals) {
    throw new LinkError('the non-pointer globals must include slot 0 and fit in the globals');
  }

  const programStart = firmware.programStart;
  const codeBase = programStart + PROGRAM_HEADER_SIZE;
  const program = new Uint8Array(PROGRAM_HEADER_SIZE + code.length);
  const placed = program.subarray(PROGRAM_HEADER_SIZE);
  placed.set(code);
  for (const relocation of object.relocations) applyRelocation(placed, codeBase, firmware, relocation);
  writeProgramHeader(program, {
    templateHash: templateHashBytes(firmware),
    globals: header.globals,
    nonPointerGlobals: header.nonPointerGlobals,
    configData: codeBase + header.configData,
    ifaceMemberNames: codeBase + header.ifaceMemberNames,
    lambdaTrampoline: (codeBase + header.lambdaTrampoline) | 1,
    perfCounters: codeBase + header.perfCounters,
    restoreExceptionState: (codeBase + header.restoreExceptionState) | 1,
    name: codeBase + header.name,
  });
  const digest = sealProgram(program);

  const room = firmware.programLimit - programStart;
  if (program.length > room) throw new ProgramTooBigError(firmware.variant, program.length - room);

  return {
    variant: firmware.variant,
    flavor,
    firmware,
    programStart,
    program,
    programHash: toHex(digest),
    size: program.length,
    room,
    free: room - program.length,
    segments: linkedSegments(firmware, program),
  };
}

/**
 * The firmware's segments with the marker patched and the program after the segment that holds
 * the firmware's code, the gap zero-filled and the program padded to 16 bytes with zeros
 * (exactly what MakeCode writes, so the two images compare byte for byte). The unchanged parts
 * are the firmware's own objects; the marker segment is split around the 16 patched bytes.
 */
function linkedSegments(firmware: FirmwareImage, program: Uint8Array): MemorySegment[] {
  const segments: MemorySegment[] = [];
  const [before, after] = firmware.unchangedAroundMarker;
  for (const segment of firmware.segments) {
    if (segment.address !== before.address) {
      segments.push(segment);
      continue;
    }
    const marker = new Uint8Array(TABLE_MARKER_SIZE);
    writeU32(marker, 0, LINKED_MARKER_VERSION);
    writeU32(marker, 4, firmware.programStart);
    marker.set(templateHashBytes(firmware), 8);
    const tailStart = after.address + after.data.length;
    const tail = new Uint8Array(firmware.programStart + Math.ceil(program.length / 16) * 16 - tailStart);
    tail.set(program, firmware.programStart - tailStart);
    segments.push(before, { address: firmware.markerAddress, data: marker }, after, { address: tailStart, data: tail });
  }
  return segments;
}

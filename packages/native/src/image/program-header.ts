import { fromHex, readU16, readU32, toHex, writeU16, writeU32 } from '../binary/bytes.ts';

/**
 * The 64-byte header at the start of every program (docs/firmware-interface.md, "The program
 * header"): the runtime reads it through its `bytecode` pointer as 16-bit and 32-bit words.
 */
export const PROGRAM_HEADER_SIZE = 64;

/** Bytes 0-15: `70 8E 3B 92 C6 15 A8 41 C4 98 66 C9 75 EE 51 97` (words 0x923B8E70, 0x41A815C6, ...). */
export const PROGRAM_MAGIC = fromHex('708e3b92c615a841c49866c975ee5197');
/** What the program-hash field holds while the hash is computed. */
export const PROGRAM_HASH_PLACEHOLDER = fromHex('873266330af9dbdb');

export const HEADER_OFFSETS = {
  magic: 0,
  templateHash: 16,
  programHash: 24,
  globals: 32,
  /** Program size in 8-byte units (u16). */
  size: 34,
  configData: 36,
  /** Size of the "comm" section (u16); 0 on the micro:bit. */
  commSize: 40,
  nonPointerGlobals: 42,
  ifaceMemberNames: 44,
  lambdaTrampoline: 48,
  perfCounters: 52,
  restoreExceptionState: 56,
  name: 60,
} as const;

export interface ProgramHeader {
  magic: string;
  templateHash: string;
  programHash: string;
  globals: number;
  sizeBytes: number;
  configData: number;
  commSize: number;
  nonPointerGlobals: number;
  ifaceMemberNames: number;
  lambdaTrampoline: number;
  perfCounters: number;
  restoreExceptionState: number;
  name: number;
}

/** Reads the header at the start of `program` (for checks and tests). */
export function readProgramHeader(program: Uint8Array): ProgramHeader {
  if (program.length < PROGRAM_HEADER_SIZE) throw new RangeError('a program header is 64 bytes');
  const o = HEADER_OFFSETS;
  return {
    magic: toHex(program.subarray(0, 16)),
    templateHash: toHex(program.subarray(16, 24)),
    programHash: toHex(program.subarray(24, 32)),
    globals: readU16(program, o.globals),
    sizeBytes: readU16(program, o.size) * 8,
    configData: readU32(program, o.configData),
    commSize: readU16(program, o.commSize),
    nonPointerGlobals: readU16(program, o.nonPointerGlobals),
    ifaceMemberNames: readU32(program, o.ifaceMemberNames),
    lambdaTrampoline: readU32(program, o.lambdaTrampoline),
    perfCounters: readU32(program, o.perfCounters),
    restoreExceptionState: readU32(program, o.restoreExceptionState),
    name: readU32(program, o.name),
  };
}

export interface HeaderValues {
  templateHash: Uint8Array;
  globals: number;
  nonPointerGlobals: number;
  configData: number;
  ifaceMemberNames: number;
  lambdaTrampoline: number;
  perfCounters: number;
  restoreExceptionState: number;
  name: number;
}

/**
 * Writes the header with the hash placeholder and size 0, the state in which the program hash
 * is computed (programHash.ts fills both in afterwards).
 */
export function writeProgramHeader(out: Uint8Array, values: HeaderValues): void {
  const o = HEADER_OFFSETS;
  out.set(PROGRAM_MAGIC, o.magic);
  out.set(values.templateHash.subarray(0, 8), o.templateHash);
  out.set(PROGRAM_HASH_PLACEHOLDER, o.programHash);
  writeU16(out, o.globals, values.globals);
  writeU16(out, o.size, 0);
  writeU32(out, o.configData, values.configData);
  writeU16(out, o.commSize, 0);
  writeU16(out, o.nonPointerGlobals, values.nonPointerGlobals);
  writeU32(out, o.ifaceMemberNames, values.ifaceMemberNames);
  writeU32(out, o.lambdaTrampoline, values.lambdaTrampoline);
  writeU32(out, o.perfCounters, values.perfCounters);
  writeU32(out, o.restoreExceptionState, values.restoreExceptionState);
  writeU32(out, o.name, values.name);
}

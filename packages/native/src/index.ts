// The public surface of @blockyard/native: the Thumb back end, the Thumb assembler, the firmware
// facts and the image linker (README.md).

// Thumb back end: learner files -> the shared IR -> Thumb code -> a ProgramObject.
export { compileForDevice } from './thumb/compile-for-device.ts';
export type { DeviceCompileResult } from './thumb/compile-for-device.ts';
export { generateProgram } from './thumb/program-gen.ts';
export type { NativeProgram, NativeProgramOptions } from './thumb/program-gen.ts';
export { DEVICE_LIBRARY_FILE } from './thumb/device-library.ts';
export { NATIVE_UNSUPPORTED_CODE } from './thumb/native-diagnostics.ts';
export { apiSupport, formatApiCoverage } from './thumb/api-support.ts';
export type { ApiSupport } from './thumb/api-support.ts';

// Firmware: the prebuilt runtime images and their binary interface.
export type { DeviceVariant, DeviceVariantFacts, FirmwareFlavor } from './firmware/device-variant.ts';
export { DEVICE_FACTS, DEVICE_VARIANTS } from './firmware/device-variant.ts';
export type {
  FirmwareFileFacts,
  RuntimeEntry,
  RuntimeEntryKind,
  RuntimeFunctionTable,
} from './firmware/runtime-function-table.ts';
export { lookupRuntimeEntry, runtimeFunctionTable } from './firmware/runtime-function-table.ts';
export type { FirmwareImage } from './firmware/firmware-image.ts';
export {
  entryAddress,
  FirmwareError,
  LINKED_MARKER_VERSION,
  parseFirmware,
  resolveRuntimeEntry,
  TABLE_MARKER_WORDS,
} from './firmware/firmware-image.ts';
export type { FirmwareLoader } from './firmware/firmware-store.ts';
export {
  allFirmwareFileNames,
  firmwareFileName,
  FirmwareStore,
  verifyFirmwareBytes,
} from './firmware/firmware-store.ts';

// Image: program object -> linked V1/V2 images -> .hex, Universal Hex, .uf2.
export type { ProgramHeaderFields, ProgramObject, Relocation } from './image/program-object.ts';
export type { ProgramHeader } from './image/program-header.ts';
export { PROGRAM_HEADER_SIZE, PROGRAM_MAGIC, readProgramHeader } from './image/program-header.ts';
export { computeProgramHash } from './image/program-hash.ts';
export type { LinkedVariant } from './image/link-variant.ts';
export { encodeThumbBl, LinkError, linkVariant, programSizeOn } from './image/link-variant.ts';
export { PROGRAM_TOO_BIG_CODE, ProgramTooBigError, programTooBigMessage } from './image/program-too-big.ts';
export { writeUniversalHex, writeVariantHex, writeVariantUf2 } from './image/device-files.ts';
export type { DeviceImages } from './image/device-build.ts';
export { buildDeviceImages, DeviceImageCache, deviceBuildKey, projectSource } from './image/device-build.ts';

// Assembler: Thumb assembly (text or statements) -> bytes, GNU as compatible.
export { assemble, MAX_LINE_CHARS, MAX_SOURCE_CHARS } from './assembler/assemble.ts';
export * as asm from './assembler/build.ts';
export { DEFAULT_MAX_ERRORS, SPEC_ERROR_NAMES } from './assembler/errors.ts';
export { formatExpr, formatListing, formatOperand, formatStatement } from './assembler/print.ts';
export { knownMnemonics } from './assembler/thumb/instructions.ts';
export type {
  AsmError,
  AsmErrorCode,
  AsmInput,
  AsmInputLine,
  AsmSection,
  AsmSymbol,
  AssembleOptions,
  AssembleResult,
  BinaryOp,
  Cpu,
  Expr,
  ListingEntry,
  Operand,
  Shift,
  ShiftKind,
  SourceRef,
  Statement,
} from './assembler/types.ts';

// The public surface of @blockyard/native: the Thumb back end, the Thumb assembler, the firmware
// facts and the image linker (README.md).

// Thumb back end: learner files -> the shared IR -> Thumb code -> a ProgramObject.
export { compileForDevice } from './thumb/compile-for-device.ts';
export { NATIVE_UNSUPPORTED_CODE } from './thumb/native-diagnostics.ts';
// Firmware: the prebuilt runtime images and their binary interface.
export type { FirmwareLoader } from './firmware/firmware-store.ts';
export { FirmwareStore } from './firmware/firmware-store.ts';

// Image: program object -> linked V1/V2 images -> .hex, Universal Hex, .uf2.
export type { ProgramObject } from './image/program-object.ts';
export { PROGRAM_MAGIC, readProgramHeader } from './image/program-header.ts';
export type { LinkedVariant } from './image/link-variant.ts';
export { linkVariant } from './image/link-variant.ts';
export { ProgramTooBigError } from './image/program-too-big.ts';
export { writeUniversalHex, writeVariantHex } from './image/device-files.ts';
export { buildDeviceImages, DeviceImageCache, projectSource } from './image/device-build.ts';

// Assembler: Thumb assembly (text or statements) -> bytes, GNU as compatible.
export { assemble, MAX_SOURCE_CHARS } from './assembler/assemble.ts';
export * as asm from './assembler/build.ts';
export { formatListing } from './assembler/print.ts';
export { knownMnemonics } from './assembler/thumb/instructions.ts';
export type { AssembleOptions, AssembleResult, Cpu } from './assembler/types.ts';

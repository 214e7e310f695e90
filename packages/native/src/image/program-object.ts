import type { FirmwareFlavor } from '../firmware/device-variant.ts';

/**
 * What a back end hands the linker: one position-independent blob for both boards, plus the
 * places where an absolute address must be filled in. The linker places the blob right after
 * the 64-byte program header at each variant's program start and resolves every relocation
 * against that variant's firmware, so V1 and V2 share one compilation (which must then be
 * Thumb-1 only: the V1 CPU is a Cortex-M0).
 *
 * Offsets are in bytes from the start of `code`. The blob must start with the main program's
 * RefAction literal (the runtime runs `programStart + 64` as an action): see
 * docs/firmware-interface.md, "The program header".
 */
export interface ProgramObject {
  /** Machine code and data (an even number of bytes; 4-byte alignment is the back end's job). */
  code: Uint8Array;
  relocations: readonly Relocation[];
  header: ProgramHeaderFields;
  /** Which runtime the program was compiled against; 'radio' when absent. */
  flavor?: FirmwareFlavor;
}

/** Header fields the back end decides; offsets point into `code`. */
export interface ProgramHeaderFields {
  /** Number of 4-byte global slots, including slot 0, which the runtime uses itself. */
  globals: number;
  /** How many leading global slots hold no pointers (slot 0 at least), so the GC skips them. */
  nonPointerGlobals: number;
  /** The config data list (key, value word pairs, ending with a 0 word). */
  configData: number;
  /** The interface member name table (count, string pointers, 0). */
  ifaceMemberNames: number;
  /** `_pxt_lambda_trampoline`: how C++ runs every action (Thumb bit added by the linker). */
  lambdaTrampoline: number;
  /** The performance counter list (count, then string pointers). */
  perfCounters: number;
  /** `_pxt_restore_exception_state`, used by `throw` (Thumb bit added by the linker). */
  restoreExceptionState: number;
  /** The program's name as a string literal object. */
  name: number;
}

/**
 * - `program-address`: the 32-bit word at `at` holds an offset into `code` (plus 1 for a Thumb
 *   function pointer); the linker adds the code's load address.
 * - `runtime-address`: the 32-bit word at `at` holds an addend (usually 0); the linker adds the
 *   address of runtime entry `name` (with the Thumb bit for functions, as a pointer needs).
 * - `runtime-call`: the 4 bytes at `at` become a Thumb `BL` to runtime function `name`.
 */
export type Relocation =
  | { kind: 'program-address'; at: number }
  | { kind: 'runtime-address'; at: number; name: string }
  | { kind: 'runtime-call'; at: number; name: string };

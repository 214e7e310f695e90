// The native path end to end, short of the firmware: learner files + the device library ->
// the shared front end's IR (the same `lower` the JavaScript back end uses) -> Thumb code.

import type { Compiler, Diagnostic } from '@blockyard/language';
import { DEVICE_LIBRARY_FILE, DEVICE_LIBRARY_SOURCE } from './device-library.ts';
import { generateProgram, type NativeProgram, type NativeProgramOptions } from './program-gen.ts';

export interface DeviceCompileResult extends NativeProgram {
  /** Front-end and back-end diagnostics together; no object when any is an error. */
  diagnostics: Diagnostic[];
  /** Top-level statements whose IR the compiler reused from its last lowering, lowered anew, and globals' kept types. */
  lowerCache?: { reused: number; kept: number; types: number };
}

/**
 * Compiles a program's TypeScript files (`main.ts`, …) for the micro:bit. `compiler` is the
 * board's compiler (`createMicrobitCompiler`), kept warm between builds.
 */
export function compileForDevice(
  compiler: Compiler,
  files: Readonly<Record<string, string>>,
  options: NativeProgramOptions = {},
): DeviceCompileResult {
  if (DEVICE_LIBRARY_FILE in files) {
    return {
      assembly: '',
      diagnostics: [
        {
          file: DEVICE_LIBRARY_FILE,
          line: 1,
          column: 1,
          length: 0,
          message: `A project file may not be called ${DEVICE_LIBRARY_FILE}: Blockyard uses that name for the micro:bit's own code. Rename the file.`,
          code: 9111,
          category: 'error',
        },
      ],
    };
  }
  // The device library is checked and lowered once per compiler, then joined to each build's
  // learner files (the same IR as compiling them together).
  // Unchanged top-level statements' IR is reused from the compiler's last lowering (lower-cache.ts).
  const { diagnostics, module, timings, lowerCache } = compiler.lower(files, {
    prelude: { [DEVICE_LIBRARY_FILE]: DEVICE_LIBRARY_SOURCE },
    ...(options.now ? { now: options.now } : {}),
  });
  if (!module || diagnostics.some((d) => d.category === 'error'))
    return { assembly: '', diagnostics: [...diagnostics], ...(timings ? { timings: { ...timings } } : {}) };
  const generated = generateProgram(module, options);
  return {
    ...generated,
    diagnostics: [...diagnostics, ...generated.diagnostics],
    ...(lowerCache ? { lowerCache: { ...lowerCache } } : {}),
    // Front end (program, syntax, check, analysis, lower) then back end (generate, assemble, object).
    ...(options.now ? { timings: { ...timings, ...generated.timings } } : {}),
  };
}

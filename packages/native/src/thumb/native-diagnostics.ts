// What the native back end says when a program uses something it cannot compile for the board
// yet: the construct or call by name, at the statement, in plain words. Such a program gets no
// image (never a broken one); the simulator still runs it.

import type { Diagnostic, IrModule } from '@blockyard/language';

/** Blockyard's code for "this does not run on the micro:bit yet" (the IR's own refusals are 9100). */
export const NATIVE_UNSUPPORTED_CODE = 9110;

export class NativeUnsupported extends Error {
  override readonly name = 'NativeUnsupported';
  constructor(
    message: string,
    readonly loc: number | undefined,
  ) {
    super(message);
  }
}

export function unsupportedCall(name: string, loc: number | undefined): NativeUnsupported {
  return new NativeUnsupported(`${name} does not run on the micro:bit yet.`, loc);
}

export function unsupportedFeature(what: string, loc: number | undefined): NativeUnsupported {
  return new NativeUnsupported(`${what} cannot be compiled for the micro:bit yet.`, loc);
}

/** `f(...list)`: only list literals and splice take a spread list on the device so far. */
export function unsupportedSpread(loc: number | undefined): NativeUnsupported {
  return new NativeUnsupported(
    "Passing a list's values with ... cannot be compiled for the micro:bit yet: pass each value on its own.",
    loc,
  );
}

export function nativeDiagnostic(module: IrModule, error: NativeUnsupported): Diagnostic {
  const location = error.loc === undefined ? undefined : module.locations[error.loc];
  return {
    file: location ? (module.files[location[0]] ?? 'main.ts') : 'main.ts',
    line: location ? location[1] : 1,
    column: location ? location[2] : 1,
    length: 0,
    message: error.message,
    code: NATIVE_UNSUPPORTED_CODE,
    category: 'error',
  };
}

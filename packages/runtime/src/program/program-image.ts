// The compiler -> runtime contract: what a compiled program is. The language package produces
// objects of this shape (it cannot import the runtime; the board package checks the two agree).

import type { PositionTable } from '../positions/position-table.ts';
import type { LoadedProgram } from './load-program.ts';

export interface ProgramImage {
  /**
   * The body of the program factory `function ($rt, $h, $api) { … }`. Evaluated once per run, it
   * returns the main function (a generator function) whose first run is the program's top level.
   */
  readonly js: string;
  /** Where each stretch of `js` came from, for runtime errors (and later breakpoints). */
  readonly positions: PositionTable;
  /** The names `js` reads from `$api`: the board's namespaces and the language built-ins. */
  readonly hostNames: readonly string[];
  /** Debug builds only: statement id -> [file index, line, column], for breakpoints. */
  readonly statements?: readonly (readonly [number, number, number])[];
  /** The program already made into code by its host (then `js` is not evaluated); see load-program.ts. */
  readonly loaded?: LoadedProgram;
}

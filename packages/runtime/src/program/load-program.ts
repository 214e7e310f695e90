// Turns program text into code. This is the one place the runtime evaluates a string: the text
// comes from our compiler, and the simulator frame that runs it is sandboxed.

import { PROGRAM_SOURCE_URL, programFrames } from '../positions/stack-frames.ts';

export type ProgramFactory = (rt: unknown, helpers: unknown, api: Record<string, unknown>) => unknown;

/**
 * A program its host already turned into code. A page whose Content-Security-Policy refuses
 * string evaluation (the simulator frame: no 'unsafe-eval') loads it as a blob: script, the CLI
 * compiles it in its sandbox; either hands it down in the `ProgramImage` (`loaded`), so the
 * runtime never evaluates text there. Without it the runtime uses `new Function`.
 */
export interface LoadedProgram {
  readonly factory: ProgramFactory;
  /** Lines the host's wrapper puts before the body (error positions subtract them). */
  readonly headerLines: number;
  /**
   * The last line of the program's text in its script, when the host's own code follows it in
   * the same script (the simulator's program worker): frames past it are not the program's.
   */
  readonly lastLine?: number;
}

let headerLines: number | undefined;

/**
 * How many lines the engine's `new Function` wrapper puts before the body (2 in V8 and
 * SpiderMonkey), measured once with a probe rather than assumed.
 */
export function functionHeaderLines(): number {
  if (headerLines === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a fixed probe, no outside text
    const probe = new Function(`return new Error('probe').stack;\n//# sourceURL=${PROGRAM_SOURCE_URL}`) as () => string;
    const first = programFrames(String(probe()))[0];
    headerLines = first ? first.line - 1 : 0;
  }
  return headerLines;
}

export function evaluateProgram(js: string): ProgramFactory {
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiled program text, see the file comment
  return new Function('$rt', '$h', '$api', `${js}\n//# sourceURL=${PROGRAM_SOURCE_URL}`) as ProgramFactory;
}

// Turns program text into code. This is the one place the runtime evaluates a string: the text
// comes from our compiler, and the simulator frame that runs it is sandboxed.

import { PROGRAM_SOURCE_URL, programFrames } from '../positions/stack-frames.ts';

export type ProgramFactory = (rt: unknown, helpers: unknown, api: Record<string, unknown>) => unknown;

/**
 * Turns program text into its factory. The default uses `new Function`; a page whose
 * Content-Security-Policy refuses string evaluation (the simulator frame: no 'unsafe-eval')
 * installs one that hands back factories it loaded beforehand as blob: modules.
 */
export interface ProgramEvaluator {
  evaluate(js: string): ProgramFactory;
  /** Lines the evaluator's wrapper puts before the body (error positions subtract them). */
  readonly headerLines: number;
}

let evaluator: ProgramEvaluator | undefined;

/** Installs (or, with undefined, removes) the evaluator every Runtime uses from now on. */
export function setProgramEvaluator(next: ProgramEvaluator | undefined): void {
  evaluator = next;
}

let headerLines: number | undefined;

/**
 * How many lines the engine's `new Function` wrapper puts before the body (2 in V8 and
 * SpiderMonkey), measured once with a probe rather than assumed.
 */
export function functionHeaderLines(): number {
  if (evaluator) return evaluator.headerLines;
  if (headerLines === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a fixed probe, no outside text
    const probe = new Function(`return new Error('probe').stack;\n//# sourceURL=${PROGRAM_SOURCE_URL}`) as () => string;
    const first = programFrames(String(probe()))[0];
    headerLines = first ? first.line - 1 : 0;
  }
  return headerLines;
}

export function evaluateProgram(js: string): ProgramFactory {
  if (evaluator) return evaluator.evaluate(js);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiled program text, see the file comment
  return new Function('$rt', '$h', '$api', `${js}\n//# sourceURL=${PROGRAM_SOURCE_URL}`) as ProgramFactory;
}

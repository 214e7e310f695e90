// Finds where in the generated program an error happened by reading its JS stack. Costs nothing
// while the program runs (no per-statement bookkeeping); the program text is named with a
// sourceURL comment, which V8, SpiderMonkey and JavaScriptCore all honour for evaluated code.

/** The name the program text carries in stack traces. */
export const PROGRAM_SOURCE_URL = 'blockyard-program.js';

const escaped = PROGRAM_SOURCE_URL.replace(/[.]/g, '\\.');
const framePattern = new RegExp(`${escaped}:(\\d+):(\\d+)`, 'g');

export interface GeneratedLocation {
  /** 1-based line in the program text as the engine counts it (before any wrapper offset). */
  line: number;
  /** 1-based column. */
  column: number;
}

/** Every program frame of `stack`, innermost first. */
export function programFrames(stack: string): GeneratedLocation[] {
  const frames: GeneratedLocation[] = [];
  for (const match of stack.matchAll(framePattern)) {
    frames.push({ line: Number(match[1]), column: Number(match[2]) });
  }
  return frames;
}

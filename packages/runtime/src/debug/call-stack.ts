// The learner's call stack read from a JS stack trace: with `yield*` delegation every generator
// of a fiber is on the engine's stack while the innermost one runs, so a trace taken at a
// statement hook holds the whole chain. Costs nothing until the debugger halts.

import { PROGRAM_SOURCE_URL } from '../positions/stack-frames.ts';

export interface ProgramCallFrame {
  /** The JS function name ("bump", "Sprite.move", "$main"); empty for anonymous functions. */
  name: string;
  /** 1-based line and column in the program text, as the engine counts them. */
  line: number;
  column: number;
}

const escaped = PROGRAM_SOURCE_URL.replace(/[.]/g, '\\.');
// V8: "    at name (url:line:col)" or "    at url:line:col"; SpiderMonkey and JSC: "name@url:line:col".
const v8Frame = new RegExp(`^\\s*at (?:(.*?) \\()?[^()\\s]*${escaped}:(\\d+):(\\d+)\\)?\\s*$`);
const mozFrame = new RegExp(`^(.*?)@[^@\\s]*${escaped}:(\\d+):(\\d+)\\s*$`);

/**
 * Program frames of `stack`, innermost first, with their function names. `learnerClasses` are the
 * class names the program declares: a receiver ("Sprite.move") is kept only when it is one of
 * them, since the engine also names our own classes, minified in a built page ("ft.$main").
 */
export function programCallFrames(stack: string, learnerClasses?: ReadonlySet<string>): ProgramCallFrame[] {
  const frames: ProgramCallFrame[] = [];
  for (const text of stack.split('\n')) {
    const match = v8Frame.exec(text) ?? mozFrame.exec(text);
    if (!match) continue;
    frames.push({
      name: cleanName(match[1] ?? '', learnerClasses),
      line: Number(match[2]),
      column: Number(match[3]),
    });
  }
  return frames;
}

/** The class names a compiled program declares (`class Sprite`), for `programCallFrames`. */
export function declaredClasses(js: string): Set<string> {
  return new Set(Array.from(js.matchAll(/\bclass\s+([A-Za-z_$][\w$]*)/g), (m) => m[1] ?? ''));
}

/** Receivers the engine names that are ours or its own, when the learner's classes are unknown. */
const hostReceivers = /^(?:Object|Fiber|Generator|Function|Runtime|Scheduler|ExecContext|Array)\./;

/** "Fiber.$main [as start]", "Object.<anonymous>" and friends: the learner's name, or '' if none. */
function cleanName(raw: string, learnerClasses: ReadonlySet<string> | undefined): string {
  let name = raw.replace(/ \[as [^\]]*\]$/, '').replace(/^(?:async|new) /, '');
  const dot = name.indexOf('.');
  if (learnerClasses === undefined) name = name.replace(hostReceivers, '');
  else if (dot > 0 && !learnerClasses.has(name.slice(0, dot))) name = name.slice(dot + 1);
  // Anonymous functions of evaluated code are named "eval" by V8 (learners cannot name one so).
  return name === '<anonymous>' || name === 'eval' || name.endsWith('.<anonymous>') ? '' : name;
}

/** A JS stack of at least `depth` frames (engines keep 10 by default; the stack limit is 100). */
export function captureStack(depth: number): string {
  const holder = Error as { stackTraceLimit?: number };
  const saved = holder.stackTraceLimit;
  if (typeof saved === 'number') holder.stackTraceLimit = Math.max(saved, depth * 3 + 10);
  try {
    return new Error('debugger').stack ?? '';
  } finally {
    if (typeof saved === 'number') holder.stackTraceLimit = saved;
  }
}

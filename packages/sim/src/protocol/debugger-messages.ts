// One schema for every debugger message (issue 18, spec 002 §3), on every hop they make: the
// editor's requests go to the frame and on to the program worker unchanged; the worker's stops,
// slow-motion traces and variables answers go to the frame page and on to the editor with the
// run's id added. Each side checks what it receives with the same valibot schema, so the worker,
// the page and the editor cannot drift apart, and a bad message is refused with a sentence
// saying which field is wrong.

import * as v from 'valibot';
import { MAX_BOARDS, MAX_DEBUG_VARIABLES, MAX_ID_LENGTH, MAX_SHORT_TEXT, MAX_STACK_FRAMES } from './frame-limits.ts';

/** At most this many breakpoints in one `config` message. */
export const MAX_BREAKPOINTS = 10_000;
/** A slow-motion interval beyond this is refused (the runtime holds a statement 5 s at most). */
export const MAX_TRACE_CONFIG_MS = 60_000;
/** Characters of an exception's message and stack. */
const MAX_EXCEPTION_MESSAGE_CHARS = 1000;
const MAX_EXCEPTION_STACK_CHARS = 10_000;

export type DebuggerCommand = 'pause' | 'resume' | 'stepover' | 'stepinto' | 'stepout';
const DEBUGGER_COMMANDS: readonly DebuggerCommand[] = ['pause', 'resume', 'stepover', 'stepinto', 'stepout'];

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const finite = v.pipe(v.number(), v.finite());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const board = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_BOARDS));
const runtimeid = v.optional(text(MAX_ID_LENGTH));
const debuggerType = v.literal('debugger');

/** An array of at most `max` items, its length checked before any item is looked at. */
function list<T extends v.GenericSchema>(item: T, max: number) {
  return v.pipe(
    v.custom<unknown[]>((value) => Array.isArray(value) && value.length <= max, `at most ${max} items`),
    v.array(item),
  );
}

/** A variable as the debugger shows it (the runtime's DebugVariable). */
const debugVariableSchema = v.object({
  name: text(MAX_SHORT_TEXT),
  value: text(MAX_SHORT_TEXT),
  type: text(20),
  /** Non-zero: ask for its children with a `variables` request. */
  ref: count,
});
export type DebuggerVariable = v.InferOutput<typeof debugVariableSchema>;
const variables = list(debugVariableSchema, MAX_DEBUG_VARIABLES);

/**
 * A name that is a block's ("on button A pressed"): a key of the editor's `editor.debug.blocks`
 * messages and the block's dropdown choices, so the editor says it in the learner's language.
 */
const blockNameSchema = v.object({
  key: text(40),
  values: v.optional(
    v.pipe(
      v.record(text(20), text(MAX_SHORT_TEXT)),
      v.check((values) => Object.keys(values).length <= 4, 'at most 4 values'),
    ),
  ),
});
export type BlockNameInfo = v.InferOutput<typeof blockNameSchema>;

const stackFrameSchema = v.object({
  name: text(MAX_SHORT_TEXT),
  /** When `name` is a block's: that block. */
  block: v.optional(blockNameSchema),
  file: v.optional(text(MAX_SHORT_TEXT)),
  line: v.optional(finite),
  column: v.optional(finite),
  /** The variables in scope in this frame (the innermost frame of a stop). */
  locals: v.optional(variables),
});
export type StackFrameInfo = v.InferOutput<typeof stackFrameSchema>;

// ---------------------------------------------------------------------------------------------
// Requests: editor -> frame -> program worker

const commandSchema = v.object({ type: debuggerType, subtype: v.picklist(DEBUGGER_COMMANDS) });
/** Replaces the program's breakpoints: statement ids of the debug build (spec 002 §3 `config`). */
const configSchema = v.object({
  type: debuggerType,
  subtype: v.literal('config'),
  setBreakpoints: list(count, MAX_BREAKPOINTS),
});
/** Slow motion: each statement held `interval` ms and reported with a `trace`; 0 turns it off. */
const traceConfigSchema = v.object({
  type: debuggerType,
  subtype: v.literal('traceConfig'),
  interval: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(MAX_TRACE_CONFIG_MS)),
});
/** The children of an expandable variable while paused; answered by a `variables` message. */
const variablesRequestSchema = v.object({
  type: debuggerType,
  subtype: v.literal('variables'),
  variablesReference: count,
  /** Echoed in the answer. */
  req: count,
});

export const debuggerRequestSchema = v.variant('subtype', [
  commandSchema,
  configSchema,
  traceConfigSchema,
  variablesRequestSchema,
]);
export type DebuggerRequestMessage = v.InferOutput<typeof debuggerRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Events: program worker -> frame page -> editor

/**
 * Where and why the program stopped; with an exceptionMessage it is a runtime error (spec 002
 * §8). `runtimeid` (ours, not MakeCode's) names the run, so the editor acts only on a stop of
 * the run it started; the worker leaves it out and the page adds it.
 */
const breakpointSchema = v.object({
  type: debuggerType,
  subtype: v.literal('breakpoint'),
  breakpointId: v.optional(count),
  /** The program's globals at a stop. */
  globals: v.optional(variables),
  /** Innermost first; the first holds the locals. */
  stackframes: v.optional(list(stackFrameSchema, MAX_STACK_FRAMES)),
  reason: v.optional(v.picklist(['breakpoint', 'step', 'pause', 'exception'])),
  /** The fiber that stopped ("main", "forever", a handler). */
  thread: v.optional(text(MAX_SHORT_TEXT)),
  /** The block that started that fiber, when it has one. */
  threadBlock: v.optional(blockNameSchema),
  exceptionMessage: v.optional(text(MAX_EXCEPTION_MESSAGE_CHARS)),
  exceptionStack: v.optional(text(MAX_EXCEPTION_STACK_CHARS)),
  /** The board that hit it (1-based). */
  board: v.optional(board),
  runtimeid,
});
/**
 * Slow motion: statement `breakpointId` of `board` is about to run (and is held a while). Without
 * `breakpointId`: the code of the last one ended (the program or that handler is done), so
 * nothing of `board` is lit any more.
 */
const traceSchema = v.object({
  type: debuggerType,
  subtype: v.literal('trace'),
  breakpointId: v.optional(count),
  board,
  runtimeid,
});
/** The answer to a `variables` request. */
const variablesAnswerSchema = v.object({
  type: debuggerType,
  subtype: v.literal('variables'),
  req: count,
  variables,
  runtimeid,
});
/** Something about the debugger went wrong (a refused request): said, not acted on. */
const warningSchema = v.object({
  type: debuggerType,
  subtype: v.literal('warning'),
  message: text(MAX_SHORT_TEXT),
  runtimeid,
});

export const debuggerEventSchema = v.variant('subtype', [
  breakpointSchema,
  traceSchema,
  variablesAnswerSchema,
  warningSchema,
]);
export type DebuggerBreakpointMessage = v.InferOutput<typeof breakpointSchema>;
export type DebuggerTraceMessage = v.InferOutput<typeof traceSchema>;
export type FrameDebuggerMessage = v.InferOutput<typeof debuggerEventSchema>;

// ---------------------------------------------------------------------------------------------
// Checking

export type Checked<T> = { ok: true; message: T } | { ok: false; error: string };

/** A request from the editor (or from the page, in the worker), or why it is refused. */
export function checkDebuggerRequest(data: unknown): Checked<DebuggerRequestMessage> {
  return check(debuggerRequestSchema, data);
}

/** A stop, trace, answer or warning (from the worker, or from a frame), or why it is refused. */
export function checkDebuggerEvent(data: unknown): Checked<FrameDebuggerMessage> {
  return check(debuggerEventSchema, data);
}

function check<T extends v.GenericSchema>(schema: T, data: unknown): Checked<v.InferOutput<T>> {
  try {
    const result = v.safeParse(schema, data);
    if (result.success) return { ok: true, message: result.output };
    return { ok: false, error: describe(data, result.issues) };
  } catch {
    // A getter or proxy that throws (only possible in-process).
    return { ok: false, error: 'The debugger message could not be read.' };
  }
}

/** "The debugger message "trace" was refused: breakpointId: Invalid type: Expected number …". */
function describe(data: unknown, issues: readonly v.BaseIssue<unknown>[]): string {
  const subtype = typeof data === 'object' && data !== null ? (data as { subtype?: unknown }).subtype : undefined;
  const name = typeof subtype === 'string' ? `"${subtype.slice(0, 40)}"` : 'without a subtype';
  const issue = issues[0];
  const path = issue ? v.getDotPath(issue) : null;
  const why = issue ? `${path ? `${path}: ` : ''}${issue.message}` : 'not valid';
  return `The debugger message ${name} was refused: ${why.slice(0, 300)}`;
}

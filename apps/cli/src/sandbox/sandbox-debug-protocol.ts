// What crosses the sandbox boundary of `blockyard debug` (issue 18). As for `run`, only text
// crosses: the request is the first line on the child's standard input, then one command per
// line; the child answers with one message per line. The parent checks every message field by
// field (debug-in-sandbox.ts): it comes from the process the stranger's program runs in.

import type { BreakInfo, DebugVariable, StepKind } from '@blockyard/runtime';
import type { SandboxReport } from './sandbox-protocol.ts';

/** Parent -> child, after the request line. `seq` pairs a command with its reply. */
export type SandboxDebugCommand =
  /** Replaces every breakpoint (statement ids of the debug build), on every board. */
  | { seq: number; command: 'breakpoints'; ids: number[] }
  /** Starts the program (after the debug client has set its breakpoints). */
  | { seq: number; command: 'start' }
  | { seq: number; command: 'continue' }
  | { seq: number; command: 'step'; kind: StepKind }
  /** Stops at the next statement any board runs. */
  | { seq: number; command: 'pause' }
  | { seq: number; command: 'threads' }
  /** Children of an expandable value of the halted board. */
  | { seq: number; command: 'variables'; ref: number }
  /** Ends the run now (the client disconnected). */
  | { seq: number; command: 'stop' };

/** One fiber of one board: a thread for the debug client. */
export interface SandboxThread {
  board: number;
  fiber: number;
  name: string;
}

export interface SandboxDebugLine {
  time: number;
  board: number;
  text: string;
}

/** Child -> parent, one JSON line each. */
export type SandboxDebugMessage =
  | { reply: number; threads?: SandboxThread[]; variables?: DebugVariable[]; error?: string }
  /** Serial lines the boards finished since the last message. */
  | { event: 'output'; lines: SandboxDebugLine[] }
  | { event: 'stopped'; board: number; info: BreakInfo }
  | { event: 'continued' }
  /** The run is over (its time is up, every board stopped, or it was stopped): what was seen. */
  | { event: 'ended'; report: SandboxReport };

/** What the runner inside the context answers to each call: messages, and whether to keep running. */
export interface SandboxDebugStep {
  messages: SandboxDebugMessage[];
  running: boolean;
}

/** The most variables one reply carries (a list's children are capped by the runtime too). */
export const MAX_DEBUG_VARIABLES = 500;
/** Virtual milliseconds run between looks at the commands (so `pause` is heard while running). */
export const DEBUG_SLICE_MS = 50;
/** The most bytes one line from the child may hold (ten long serial lines, or a stop with many variables). */
export const MAX_DEBUG_LINE_BYTES = 64 * 1024 * 1024;

// What crosses the sandbox boundary of `blockyard run`, in both directions. Only text crosses:
// the job goes in as a JSON string, the report comes out as one (and the WAV as bytes after it),
// so no object of one realm is ever handed to the other (an object would carry its realm's
// `Function` with it).

import type { ScriptedPress, ScriptedSerialInput, ScriptedSetting } from '@blockyard/board-microbit/headless';
import type { RuntimeErrorKind, SourcePosition } from '@blockyard/runtime';

/** The headless run the sandbox performs (the program's JS travels separately, to be compiled). */
export interface SandboxJob {
  positions: unknown;
  hostNames: readonly string[];
  /** The debug build's statement table (`blockyard debug` only). */
  statements?: unknown;
  boards: number;
  timeMs: number;
  presses: readonly ScriptedPress[];
  settings: readonly ScriptedSetting[];
  serialInput: readonly ScriptedSerialInput[];
  audio: boolean;
}

export interface SandboxError {
  kind: RuntimeErrorKind;
  message: string;
  position?: SourcePosition;
}

export interface SandboxBoardReport {
  id: number;
  leds: string[];
  error?: SandboxError;
  /** Serial input characters the board's receive buffer lost, and that buffer's size. */
  serialDropped: number;
  serialBufferSize: number;
}

/** The first line the sandbox prints: what happened in the run. */
export interface SandboxReport {
  lines: { time: number; board: number; text: string }[];
  boards: SandboxBoardReport[];
  /** Bytes of WAV that follow the report line (0 without `--audio`). */
  audioBytes: number;
  /** Set when the run went past its real-time limit and was interrupted from outside. */
  interrupted?: boolean;
}

/** What the parent writes to the sandbox process's standard input, as one JSON text. */
export interface SandboxRequest {
  /** The runner script (the bundle of sandbox-runner.ts) to evaluate in the program's context. */
  runner: string;
  /** The compiled program: the body of `function ($rt, $h, $api)`. */
  programJs: string;
  /** A `SandboxJob` as JSON, handed to the runner as text. */
  job: string;
  /** Real milliseconds the run may take before it is interrupted. */
  timeLimitMs: number;
  /** `debug` only: pace virtual time to the wall clock (default true), a slice of `sliceMs` at a time. */
  realTime?: boolean;
  sliceMs?: number;
}

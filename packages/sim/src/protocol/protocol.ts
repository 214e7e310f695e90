// Every window message between the editor (the driver) and a simulator frame (spec 002 §3, §7),
// typed, with validators for both directions. Messages cross a trust boundary both ways: the
// frame runs learner code, and anything can post to a window, so each side parses what it
// receives with these functions and acts only on the sanitized copy they return.

import type { PositionTable } from '@blockyard/runtime';
import type { DebuggerRequestMessage, FrameDebuggerMessage } from './debugger-messages.ts';
import { MAX_BOARDS } from './frame-limits.ts';

// The debugger's messages have their own module (one schema for the worker, the page and the
// editor); re-exported here with the rest of the protocol.
export type {
  DebuggerBreakpointMessage,
  DebuggerCommand,
  DebuggerTraceMessage,
  DebuggerVariable,
  BlockNameInfo,
  StackFrameInfo,
} from './debugger-messages.ts';
export { MAX_BOARDS };

/** The simulator themes (spec 002 §9), handed to frames in turn. */
export const SIM_THEMES = ['blue', 'red', 'green', 'yellow'] as const;
export type SimTheme = (typeof SIM_THEMES)[number];

/** The largest program text a frame accepts (a generous bound against runaway messages). */
export const MAX_CODE_LENGTH = 16 * 1024 * 1024;

/**
 * The editor's message handing a frame its end of a channel to the compiler worker (the port
 * is transferred with it; not a HostToFrameMessage: the frame takes it before the schema). The
 * worker posts `{ type: 'prepare', code }` there: the program the editor is about to run.
 */
export const PROGRAM_PORT_MESSAGE = 'programport';

// ---------------------------------------------------------------------------------------------
// Editor -> frame

interface RunOptions {
  theme?: SimTheme;
  /** Multiplayer role; kept for MakeCode compatibility, unused by the micro:bit. */
  mpRole?: string;
}

/** Starts a program in the frame (spec 002 §3 "Run message"). */
export interface RunMessage {
  type: 'run';
  /** Runtime id: status messages name it, so stale ones can be told apart. */
  id: string;
  frameCounter: number;
  /** The compiled program text (ProgramImage.js). */
  code: string;
  /** ProgramImage.positions and hostNames, so errors point at the learner's lines. */
  positions: PositionTable;
  hostNames: string[];
  /** How many boards run the program (1-3; radio programs may ask for more). */
  boards: number;
  mute?: boolean;
  highContrast?: boolean;
  light?: boolean;
  theme?: SimTheme;
  options?: RunOptions;
  localizedStrings?: Record<string, string>;
  storedState?: Record<string, string | number | boolean>;
  version?: string;
  clickTrigger?: boolean;
  breakOnStart?: boolean;
  /** Debug builds: statement id -> [file index, line, column] (the frame attaches its debugger). */
  statements?: [number, number, number][];
  /**
   * Debug builds: the statement ids to stop at and the slow-motion interval (0 off) from the
   * start. The driver keeps both; later changes come as `config` / `traceConfig` messages.
   */
  breakpoints?: number[];
  traceInterval?: number;
  single?: boolean;
  activePlayer?: number;
  // Fields MakeCode's run message has for breadboard parts and extensions. Accepted and
  // carried, not used by the micro:bit board yet.
  boardDefinition?: unknown;
  parts?: string[];
  builtinParts?: string[];
  fnArgs?: unknown;
  partDefinitions?: Record<string, unknown>;
  cdnUrl?: string;
  refCountingDebug?: boolean;
  ipc?: boolean;
  dependencies?: Record<string, string>;
}

interface StopMessage {
  type: 'stop';
}

interface MuteMessage {
  type: 'mute';
  mute: boolean;
}

interface StopSoundMessage {
  type: 'stopsound';
}

interface InstructionsMessage {
  type: 'instructions';
}

interface PrintMessage {
  type: 'print';
}

/** Starts or stops the GIF recording of the board (frames every 66 ms). */
interface RecorderRequest {
  type: 'recorder';
  action: 'start' | 'stop';
  /** Width of the recording in pixels (default: the board's width by the screenshot rules). */
  width?: number;
}

/** Asks for a PNG of the board view. */
interface ScreenshotRequest {
  type: 'screenshot';
  /** Width in pixels; when absent the spec's rule applies (see screenshotWidth). */
  width?: number;
  /** Echoed in the reply so the asker can match it. */
  requestId?: string;
}

interface CustomMessage {
  type: 'custom';
  content: unknown;
}

/** The frame gained or lost the keyboard focus in the editor (simulator focus or blur). */
interface FocusMessage {
  type: 'simulator';
  command: 'focus' | 'blur';
}

/** Raises an event on the frame's boards (MakeCode's eventbus message). */
interface EventBusMessage {
  type: 'eventbus';
  /** Event source (e.g. 1 = button A). */
  id: number;
  /** Event value (e.g. 3 = click). */
  eventid: number;
  /** 1-based board; every board when absent. */
  board?: number;
}

/** Text typed into the serial console, for serial.read* (a board message). */
interface SerialInputMessage {
  type: 'serial';
  data: string;
  board?: number;
}

export type HostToFrameMessage =
  | RunMessage
  | StopMessage
  | MuteMessage
  | StopSoundMessage
  | InstructionsMessage
  | PrintMessage
  | RecorderRequest
  | ScreenshotRequest
  | CustomMessage
  | DebuggerRequestMessage
  | FocusMessage
  | EventBusMessage
  | SerialInputMessage;

/** What the driver itself sends to frames (spec 002 §7 "Driver to simulator frames"). */
export type DriverToFrameMessage =
  RunMessage | StopMessage | MuteMessage | StopSoundMessage | RecorderRequest | DebuggerRequestMessage;

// ---------------------------------------------------------------------------------------------
// Frame -> editor

interface ReadyMessage {
  type: 'ready';
  frameid: string;
}

type FrameRunState = 'running' | 'killed';

interface StatusMessage {
  type: 'status';
  frameid: string;
  runtimeid: string;
  state: FrameRunState;
}

interface TopLevelCodeFinishedMessage {
  type: 'toplevelcodefinished';
  frameid?: string;
  runtimeid?: string;
}

/** One serial batch (spec 002 §3): when it was sent, the text, and which board sent it. */
export interface SerialEntry {
  time: number;
  data: string;
  board: number;
}

interface BulkSerialMessage {
  type: 'bulkserial';
  /** The frame id. */
  id: string;
  sim: true;
  data: SerialEntry[];
}

export interface ScreenshotMessage {
  type: 'screenshot';
  /** The PNG file. */
  data: Uint8Array;
  time: number;
  delay?: number;
  width: number;
  height: number;
  requestId?: string;
  /** True when the learner pressed the frame's screenshot button (the editor offers a download). */
  fromUser?: boolean;
}

interface ThumbnailMessage {
  type: 'thumbnail';
  /** PNG files, one per captured frame, in order. */
  frames: Uint8Array[];
  width: number;
  height: number;
}

type SimulatorCommandMessage =
  | { type: 'simulator'; command: 'setstate'; stateKey: string; stateValue: string | number | boolean }
  | { type: 'simulator'; command: 'reload' }
  | { type: 'simulator'; command: 'restart' };

type MuteButtonState = 'muted' | 'unmuted' | 'disabled';

interface SetMuteButtonStateMessage {
  type: 'setmutebuttonstate';
  state: MuteButtonState;
}

/** The frame started or stopped a recording; a stop carries the GIF file. */
export interface RecorderMessage {
  type: 'recorder';
  action: 'start' | 'stop';
  data?: Uint8Array;
  width?: number;
  height?: number;
}

/** Telemetry-style events (category, message, data); nothing leaves the browser. */
interface EventMessage {
  type: 'tick' | 'error';
  category: string;
  message: string;
  data?: Record<string, string | number>;
}

export type FrameToHostMessage =
  | ReadyMessage
  | StatusMessage
  | TopLevelCodeFinishedMessage
  | BulkSerialMessage
  | ScreenshotMessage
  | ThumbnailMessage
  | FrameDebuggerMessage
  | SimulatorCommandMessage
  | SetMuteButtonStateMessage
  | RecorderMessage
  | EventMessage;

// The checks (valibot): host-to-frame-schema.ts (the frame's) and frame-to-host-schema.ts (the
// editor's, with its caps).

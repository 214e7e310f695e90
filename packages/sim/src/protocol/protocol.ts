// Every window message between the editor (the driver) and a simulator frame (spec 002 §3, §7),
// typed, with validators for both directions. Messages cross a trust boundary both ways: the
// frame runs learner code, and anything can post to a window, so each side parses what it
// receives with these functions and acts only on the sanitized copy they return.

import type { PositionTable } from '@blockyard/runtime';
import {
  type DebuggerRequestMessage,
  MAX_BREAKPOINTS,
  MAX_TRACE_CONFIG_MS,
  type FrameDebuggerMessage,
  checkDebuggerRequest,
} from './debugger-messages.ts';
import { MAX_BOARDS } from './frame-limits.ts';

// The debugger's messages have their own module (one schema for the worker, the page and the
// editor); re-exported here with the rest of the protocol.
export {
  DEBUGGER_COMMANDS,
  DEBUGGER_SUBTYPES,
  MAX_BREAKPOINTS,
  checkDebuggerEvent,
  checkDebuggerRequest,
} from './debugger-messages.ts';
export type {
  DebuggerBreakpointMessage,
  DebuggerCommand,
  DebuggerCommandMessage,
  DebuggerConfigMessage,
  DebuggerRequestMessage,
  DebuggerSubtype,
  DebuggerTraceConfigMessage,
  DebuggerTraceMessage,
  DebuggerVariable,
  BlockNameInfo,
  FrameDebuggerMessage,
  StackFrameInfo,
} from './debugger-messages.ts';
export { MAX_BOARDS };

/** The simulator themes (spec 002 §9), handed to frames in turn. */
export const SIM_THEMES = ['blue', 'red', 'green', 'yellow'] as const;
export type SimTheme = (typeof SIM_THEMES)[number];

/** The largest program text a frame accepts (a generous bound against runaway messages). */
export const MAX_CODE_LENGTH = 16 * 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// Editor -> frame

export interface RunOptions {
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

export interface StopMessage {
  type: 'stop';
}

export interface MuteMessage {
  type: 'mute';
  mute: boolean;
}

export interface StopSoundMessage {
  type: 'stopsound';
}

export interface InstructionsMessage {
  type: 'instructions';
}

export interface PrintMessage {
  type: 'print';
}

/** Starts or stops the GIF recording of the board (frames every 66 ms). */
export interface RecorderRequest {
  type: 'recorder';
  action: 'start' | 'stop';
  /** Width of the recording in pixels (default: the board's width by the screenshot rules). */
  width?: number;
}

/** Asks for a PNG of the board view. */
export interface ScreenshotRequest {
  type: 'screenshot';
  /** Width in pixels; when absent the spec's rule applies (see screenshotWidth). */
  width?: number;
  /** Echoed in the reply so the asker can match it. */
  requestId?: string;
}

export interface CustomMessage {
  type: 'custom';
  content: unknown;
}

/** The frame gained or lost the keyboard focus in the editor (simulator focus or blur). */
export interface FocusMessage {
  type: 'simulator';
  command: 'focus' | 'blur';
}

/** Raises an event on the frame's boards (MakeCode's eventbus message). */
export interface EventBusMessage {
  type: 'eventbus';
  /** Event source (e.g. 1 = button A). */
  id: number;
  /** Event value (e.g. 3 = click). */
  eventid: number;
  /** 1-based board; every board when absent. */
  board?: number;
}

/** Text typed into the serial console, for serial.read* (a board message). */
export interface SerialInputMessage {
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

export interface ReadyMessage {
  type: 'ready';
  frameid: string;
}

export type FrameRunState = 'running' | 'killed';

export interface StatusMessage {
  type: 'status';
  frameid: string;
  runtimeid: string;
  state: FrameRunState;
}

export interface TopLevelCodeFinishedMessage {
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

export interface BulkSerialMessage {
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

export interface ThumbnailMessage {
  type: 'thumbnail';
  /** PNG files, one per captured frame, in order. */
  frames: Uint8Array[];
  width: number;
  height: number;
}

export type SimulatorCommandMessage =
  | { type: 'simulator'; command: 'setstate'; stateKey: string; stateValue: string | number | boolean }
  | { type: 'simulator'; command: 'reload' }
  | { type: 'simulator'; command: 'restart' };

export type MuteButtonState = 'muted' | 'unmuted' | 'disabled';

export interface SetMuteButtonStateMessage {
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
export interface EventMessage {
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

// ---------------------------------------------------------------------------------------------
// Validation: each parser returns a fresh object with only the known fields, or undefined.

type Raw = Record<string, unknown>;

function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, max = 10_000): value is string {
  return typeof value === 'string' && value.length <= max;
}

function finite(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function optional<T>(raw: Raw, key: string, check: (v: unknown) => v is T): T | undefined | false {
  const value = raw[key];
  if (value === undefined) return undefined;
  return check(value) ? value : false;
}

/** Copies the optional fields that pass their check; returns false when one is present but wrong. */
function pick(raw: Raw, checks: Record<string, (v: unknown) => boolean>): Raw | false {
  const out: Raw = {};
  for (const [key, check] of Object.entries(checks)) {
    const value = raw[key];
    if (value === undefined) continue;
    if (!check(value)) return false;
    out[key] = value;
  }
  return out;
}

const isBool = (v: unknown): v is boolean => typeof v === 'boolean';
const isTheme = (v: unknown): v is SimTheme => typeof v === 'string' && (SIM_THEMES as readonly string[]).includes(v);
const isShortText = (v: unknown): v is string => text(v, 1000);
const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.length <= 1000 && v.every(isShortText);
const isStringMap = (v: unknown): v is Record<string, string> =>
  isRecord(v) && Object.values(v).every((s) => text(s, 100_000));
const isStateValue = (v: unknown): v is string | number | boolean => text(v) || finite(v) || isBool(v);
const isStateMap = (v: unknown): v is Record<string, string | number | boolean> =>
  isRecord(v) && Object.values(v).every(isStateValue);
const isAnything = (): boolean => true;
const isBoard = (v: unknown): v is number => finite(v) && Number.isInteger(v) && v >= 1 && v <= MAX_BOARDS;

function isPositionTable(value: unknown): value is PositionTable {
  if (!isRecord(value) || !isStringList(value.files) || !Array.isArray(value.lines)) return false;
  return value.lines.every((line) => Array.isArray(line) && line.every(finite));
}

function cloneRunOptions(value: unknown): RunOptions | false {
  if (!isRecord(value)) return false;
  const out = pick(value, { theme: isTheme, mpRole: isShortText });
  return out === false ? false : out;
}

/** Statements of one program at most (a debug build's table). */
const MAX_STATEMENTS = 200_000;

function isStatementTable(value: unknown): value is [number, number, number][] {
  return (
    Array.isArray(value) &&
    value.length <= MAX_STATEMENTS &&
    value.every((row) => Array.isArray(row) && row.length === 3 && row.every((n) => Number.isInteger(n) && n >= 0))
  );
}

function isIdList(value: unknown): value is number[] {
  return Array.isArray(value) && value.length <= MAX_BREAKPOINTS && value.every((n) => Number.isInteger(n) && n >= 0);
}

function parseRun(raw: Raw): RunMessage | undefined {
  if (!text(raw.id, 200) || !finite(raw.frameCounter) || !text(raw.code, MAX_CODE_LENGTH)) return undefined;
  if (!isPositionTable(raw.positions) || !isStringList(raw.hostNames)) return undefined;
  const boards = raw.boards === undefined ? 1 : raw.boards;
  if (!isBoard(boards)) return undefined;
  const extra = pick(raw, {
    mute: isBool,
    highContrast: isBool,
    light: isBool,
    theme: isTheme,
    localizedStrings: isStringMap,
    storedState: isStateMap,
    version: isShortText,
    clickTrigger: isBool,
    breakOnStart: isBool,
    single: isBool,
    activePlayer: finite,
    boardDefinition: isAnything,
    parts: isStringList,
    builtinParts: isStringList,
    fnArgs: isAnything,
    partDefinitions: isRecord,
    cdnUrl: isShortText,
    refCountingDebug: isBool,
    ipc: isBool,
    dependencies: isStringMap,
    statements: isStatementTable,
    breakpoints: isIdList,
    traceInterval: (v) => finite(v) && v >= 0 && v <= MAX_TRACE_CONFIG_MS,
  });
  if (extra === false) return undefined;
  let options: RunOptions | undefined;
  if (raw.options !== undefined) {
    const parsed = cloneRunOptions(raw.options);
    if (parsed === false) return undefined;
    options = parsed;
  }
  return {
    ...(extra as Partial<RunMessage>),
    type: 'run',
    id: raw.id,
    frameCounter: raw.frameCounter,
    code: raw.code,
    positions: { files: [...raw.positions.files], lines: raw.positions.lines.map((line) => [...line]) },
    hostNames: [...raw.hostNames],
    ...(extra && (extra as Partial<RunMessage>).statements
      ? { statements: (extra as Partial<RunMessage>).statements!.map((row) => [...row] as [number, number, number]) }
      : {}),
    ...(extra && (extra as Partial<RunMessage>).breakpoints
      ? { breakpoints: [...(extra as Partial<RunMessage>).breakpoints!] }
      : {}),
    boards,
    ...(options ? { options } : {}),
  };
}

/** Parses a message the frame received; undefined for anything that is not a valid one. */
export function parseHostToFrameMessage(data: unknown): HostToFrameMessage | undefined {
  if (!isRecord(data) || typeof data.type !== 'string') return undefined;
  switch (data.type) {
    case 'run':
      return parseRun(data);
    case 'stop':
    case 'stopsound':
    case 'instructions':
    case 'print':
      return { type: data.type };
    case 'mute':
      return isBool(data.mute) ? { type: 'mute', mute: data.mute } : undefined;
    case 'recorder': {
      if (data.action !== 'start' && data.action !== 'stop') return undefined;
      const width = optional(data, 'width', finite);
      if (width === false) return undefined;
      return { type: 'recorder', action: data.action, ...(width !== undefined ? { width } : {}) };
    }
    case 'screenshot': {
      const extra = pick(data, { width: finite, requestId: isShortText });
      return extra === false ? undefined : { type: 'screenshot', ...(extra as Partial<ScreenshotRequest>) };
    }
    case 'custom':
      return { type: 'custom', content: data.content };
    case 'debugger':
      return parseDebuggerRequest(data);
    case 'simulator':
      return data.command === 'focus' || data.command === 'blur'
        ? { type: 'simulator', command: data.command }
        : undefined;
    case 'eventbus': {
      if (!finite(data.id) || !finite(data.eventid)) return undefined;
      const board = optional(data, 'board', isBoard);
      if (board === false) return undefined;
      return { type: 'eventbus', id: data.id, eventid: data.eventid, ...(board !== undefined ? { board } : {}) };
    }
    case 'serial': {
      if (!text(data.data, 100_000)) return undefined;
      const board = optional(data, 'board', isBoard);
      if (board === false) return undefined;
      return { type: 'serial', data: data.data, ...(board !== undefined ? { board } : {}) };
    }
    default:
      return undefined;
  }
}

// parseFrameToHostMessage lives in frame-to-host-schema.ts (valibot, with the editor's caps).

function parseDebuggerRequest(data: Raw): DebuggerRequestMessage | undefined {
  const checked = checkDebuggerRequest(data);
  return checked.ok ? checked.message : undefined;
}

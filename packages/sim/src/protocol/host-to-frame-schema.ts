// The frame's check of every message the editor posts (valibot). Anything can post to a window,
// so each message must match its schema and stay within the caps below, or it is refused with
// the reason; what passes is a fresh object with only the known fields. Lengths are checked
// before anything is walked, so an oversized message costs no more than looking at its length.

import * as v from 'valibot';
import { debuggerRequestSchema } from './debugger-messages.ts';
import { MAX_BOARDS, MAX_ID_LENGTH, MAX_SHORT_TEXT } from './frame-limits.ts';
import { MAX_BREAKPOINTS, MAX_TRACE_CONFIG_MS } from './debugger-messages.ts';
import { type HostToFrameMessage, MAX_CODE_LENGTH, SIM_THEMES } from './protocol.ts';

/** Statements of one program at most (a debug build's table). */
const MAX_STATEMENTS = 200_000;
/** Generated lines of one program at most (its position table), and numbers per line. */
const MAX_LINES = 1_000_000;
const MAX_LINE_NUMBERS = 4096;
/** Names in a list (host names, parts) and entries in a map (strings, stored state). */
const MAX_LIST = 1000;
/** One localized string or dependency version. */
const MAX_MAP_TEXT = 100_000;
/** Text typed into the serial console in one message. */
const MAX_SERIAL_INPUT = 100_000;

const text = (max: number) => v.pipe(v.string(), v.maxLength(max));
const shortText = text(MAX_SHORT_TEXT);
const finite = v.pipe(v.number(), v.finite());
const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const board = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_BOARDS));

/** An array of at most `max` items, its length checked before any item is looked at. */
function list<T extends v.GenericSchema>(item: T, max: number) {
  return v.pipe(
    v.custom<unknown[]>((value) => Array.isArray(value), 'Invalid type: Expected Array'),
    v.check((value) => value.length <= max, `too many items (at most ${max})`),
    v.array(item),
  );
}

/** An object of at most `max` keys, counted before any value is looked at. */
function map<T extends v.GenericSchema>(value: T, max: number) {
  return v.pipe(
    v.custom<Record<string, unknown>>(
      (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
      'Invalid type: Expected Object',
    ),
    v.check((input) => Object.keys(input).length <= max, `too many keys (at most ${max})`),
    v.record(text(MAX_SHORT_TEXT), value),
  );
}

const names = list(shortText, MAX_LIST);
const theme = v.picklist(SIM_THEMES);

const runSchema = v.object({
  type: v.literal('run'),
  id: text(MAX_ID_LENGTH),
  frameCounter: finite,
  code: text(MAX_CODE_LENGTH),
  positions: v.object({ files: names, lines: list(list(finite, MAX_LINE_NUMBERS), MAX_LINES) }),
  hostNames: names,
  boards: v.optional(board, 1),
  mute: v.optional(v.boolean()),
  highContrast: v.optional(v.boolean()),
  light: v.optional(v.boolean()),
  theme: v.optional(theme),
  options: v.optional(v.object({ theme: v.optional(theme), mpRole: v.optional(shortText) })),
  localizedStrings: v.optional(map(text(MAX_MAP_TEXT), MAX_LIST)),
  storedState: v.optional(map(v.union([text(10_000), finite, v.boolean()]), MAX_LIST)),
  version: v.optional(shortText),
  clickTrigger: v.optional(v.boolean()),
  breakOnStart: v.optional(v.boolean()),
  statements: v.optional(list(v.strictTuple([count, count, count]), MAX_STATEMENTS)),
  breakpoints: v.optional(list(count, MAX_BREAKPOINTS)),
  traceInterval: v.optional(v.pipe(finite, v.minValue(0), v.maxValue(MAX_TRACE_CONFIG_MS))),
  single: v.optional(v.boolean()),
  activePlayer: v.optional(finite),
  // MakeCode's fields for breadboard parts and extensions: carried, not used by the micro:bit.
  boardDefinition: v.optional(v.unknown()),
  parts: v.optional(names),
  builtinParts: v.optional(names),
  fnArgs: v.optional(v.unknown()),
  partDefinitions: v.optional(map(v.unknown(), MAX_LIST)),
  cdnUrl: v.optional(shortText),
  refCountingDebug: v.optional(v.boolean()),
  ipc: v.optional(v.boolean()),
  dependencies: v.optional(map(text(MAX_MAP_TEXT), MAX_LIST)),
});

const hostToFrameSchema = v.variant('type', [
  runSchema,
  v.object({ type: v.picklist(['stop', 'stopsound', 'instructions', 'print']) }),
  v.object({ type: v.literal('mute'), mute: v.boolean() }),
  v.object({ type: v.literal('recorder'), action: v.picklist(['start', 'stop']), width: v.optional(finite) }),
  v.object({ type: v.literal('screenshot'), width: v.optional(finite), requestId: v.optional(shortText) }),
  v.object({ type: v.literal('custom'), content: v.unknown() }),
  debuggerRequestSchema,
  v.object({ type: v.literal('simulator'), command: v.picklist(['focus', 'blur']) }),
  v.object({ type: v.literal('eventbus'), id: finite, eventid: finite, board: v.optional(board) }),
  v.object({ type: v.literal('serial'), data: text(MAX_SERIAL_INPUT), board: v.optional(board) }),
]);

export type CheckedHostMessage = { ok: true; message: HostToFrameMessage } | { ok: false; error: string };

/** A message the frame received, or why it is refused ("run: positions.lines.3.0: Invalid type"). */
export function checkHostToFrameMessage(data: unknown): CheckedHostMessage {
  let result: v.SafeParseResult<typeof hostToFrameSchema>;
  try {
    result = v.safeParse(hostToFrameSchema, data, { abortEarly: true });
  } catch {
    // A getter or proxy that throws (only possible in-process) is just an invalid message.
    return { ok: false, error: 'the message could not be read' };
  }
  if (result.success) {
    // The schema's output type is checked against the protocol's types here.
    const message: HostToFrameMessage = result.output;
    return { ok: true, message };
  }
  const issue = result.issues[0];
  const path = v.getDotPath(issue);
  const type = typeof data === 'object' && data !== null ? (data as { type?: unknown }).type : undefined;
  const name = typeof type === 'string' ? `${type.slice(0, 40)}: ` : '';
  return { ok: false, error: `${name}${path ? `${path}: ` : ''}${issue.message}`.slice(0, 300) };
}

/** Parses a message the frame received; undefined for anything that is not a valid one. */
export function parseHostToFrameMessage(data: unknown): HostToFrameMessage | undefined {
  const checked = checkHostToFrameMessage(data);
  return checked.ok ? checked.message : undefined;
}
